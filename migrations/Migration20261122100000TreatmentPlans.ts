import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

export class Migration20261122100000TreatmentPlans extends Migration {
  override up(): void {
    // Every version of a plan is kept: drafts that were replaced and approvals that were superseded
    // stay readable, so the record shows what was agreed when.
    this.addSql(`create table treatment_plans (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null references patients (id),
      version integer not null check (version > 0),
      status text not null check (status in ('concept', 'goedgekeurd', 'vervangen')),
      content jsonb not null,
      source text not null check (source in ('taalmodel', 'lokaal')),
      model text,
      notice text,
      workflow_id text,
      generated_by uuid not null references users (id),
      generated_at timestamptz not null default now(),
      updated_by uuid references users (id),
      updated_at timestamptz not null default now(),
      approved_by uuid references users (id),
      approved_at timestamptz,
      unique (organisation_id, patient_id, version),
      check ((approved_by is null) = (approved_at is null)),
      check (status <> 'goedgekeurd' or approved_at is not null)
    );`);
    // At most one open draft and one plan in force per patient, whatever the application does.
    this.addSql("create unique index treatment_plans_one_draft on treatment_plans (organisation_id, patient_id) where status = 'concept';");
    this.addSql(
      "create unique index treatment_plans_one_current on treatment_plans (organisation_id, patient_id) where status = 'goedgekeurd';",
    );
    // An approved version is read-only: only its status may move on (to superseded).
    this.addSql(`create function treatment_plans_approved_read_only() returns trigger language plpgsql as $$
      begin
        if old.approved_at is not null and (new.content is distinct from old.content or new.approved_at is distinct from old.approved_at
            or new.approved_by is distinct from old.approved_by or new.version is distinct from old.version or new.status = 'concept') then
          raise exception 'treatment plan % is approved and read-only', old.id using errcode = 'check_violation';
        end if;
        return new;
      end $$;`);
    this.addSql(
      'create trigger treatment_plans_approved_read_only before update on treatment_plans for each row execute function treatment_plans_approved_read_only();',
    );
    for (const sql of tenantTable('treatment_plans')) this.addSql(sql);
  }

  override down(): void {
    this.addSql('drop table if exists treatment_plans;');
    this.addSql('drop function if exists treatment_plans_approved_read_only();');
  }
}
