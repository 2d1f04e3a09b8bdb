import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

/**
 * Issue 26: medication on the ward. An order is a line on the patient's medication list (fixed
 * times, or "zo nodig" with indication and a maximum per 24 hours); an administration is one dose
 * as the nurse registered it. Nothing is deleted: an order is stopped with a reason, and a fixed
 * dose is registered once (a second registration of the same dose is refused by the unique index).
 */
export class Migration20261126000000Medication extends Migration {
  override up(): void {
    this.addSql(`create table medication_orders (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null,
      product_code text not null,
      product_name text not null,
      dose text not null,
      route text not null,
      kind text not null check (kind in ('vast', 'zo-nodig')),
      times text[] not null default '{}',
      indication text,
      max_per_day integer check (max_per_day between 1 and 24),
      start_date date not null,
      end_date date,
      note text,
      prescribed_by uuid not null,
      created_at timestamptz not null default now(),
      stopped_at timestamptz,
      stopped_by uuid,
      stop_reason text,
      unique (organisation_id, id),
      foreign key (organisation_id, patient_id) references patients (organisation_id, id),
      foreign key (organisation_id, prescribed_by) references users (organisation_id, id),
      foreign key (organisation_id, stopped_by) references users (organisation_id, id),
      check ((kind = 'vast') = (cardinality(times) > 0)),
      check (kind = 'vast' or (indication is not null and max_per_day is not null)),
      check ((stopped_at is null) = (stop_reason is null)),
      check (end_date is null or end_date >= start_date)
    );`);
    this.addSql('create index medication_orders_patient_idx on medication_orders (organisation_id, patient_id);');
    for (const sql of tenantTable('medication_orders')) this.addSql(sql);

    this.addSql(`create table medication_administrations (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null,
      order_id uuid not null,
      scheduled_for timestamptz,
      status text not null check (status in ('gegeven', 'geweigerd', 'niet-gegeven')),
      prn boolean not null,
      reason text,
      effect text,
      effect_at timestamptz,
      effect_by uuid,
      administered_at timestamptz not null,
      recorded_by uuid not null,
      created_at timestamptz not null default now(),
      unique (organisation_id, id),
      foreign key (organisation_id, patient_id) references patients (organisation_id, id),
      foreign key (organisation_id, order_id) references medication_orders (organisation_id, id),
      foreign key (organisation_id, recorded_by) references users (organisation_id, id),
      foreign key (organisation_id, effect_by) references users (organisation_id, id),
      check (prn = (scheduled_for is null)),
      check (status = 'gegeven' or reason is not null),
      check (not prn or (status = 'gegeven' and reason is not null))
    );`);
    this.addSql(
      'create unique index medication_administrations_dose_key on medication_administrations (order_id, scheduled_for) where scheduled_for is not null;',
    );
    this.addSql(
      'create index medication_administrations_patient_idx on medication_administrations (organisation_id, patient_id, administered_at desc);',
    );
    for (const sql of tenantTable('medication_administrations')) this.addSql(sql);
  }

  override down(): void {
    this.addSql('drop table if exists medication_administrations;');
    this.addSql('drop table if exists medication_orders;');
  }
}
