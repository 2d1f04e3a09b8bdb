import { Migration } from '@mikro-orm/migrations';
import { tenantTable } from './rls';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

// The vocabularies as they were when this migration was written; migrations never change after they ran.
const legalStatusKinds = [
  'vrijwillig',
  'wvggz-crisismaatregel',
  'wvggz-machtiging-voortzetting',
  'wvggz-zorgmachtiging',
  'wzd-rechterlijke-machtiging',
  'wzd-inbewaringstelling',
  'wzd-artikel-21',
];
const measureKinds = [
  'separatie',
  'insluiting',
  'mechanische-fixatie',
  'dwangmedicatie',
  'vocht-en-voeding',
  'medische-handeling',
  'beperking-bewegingsvrijheid',
  'toezicht',
  'onderzoek-kleding-lichaam',
  'onderzoek-ruimte',
  'controle-middelen',
  'beperking-eigen-leven',
  'tijdelijk-verblijf',
  'opname',
];

/**
 * Issue 25, points 6 and 7: legal status with its history, allergies (and "geen bekende
 * allergieën"), the signaleringsplan in versions, and compulsory care (verplichte zorg) with its
 * evaluations. Nothing here is overwritten or deleted: a correction is a new row, an allergy lapses
 * with a reason, a measure ends by an action of its own. Tenant-scoped references (issue 18), RLS.
 */
export class Migration20261125210000LegalStatusAndCoerciveCare extends Migration {
  override up(): void {
    this.addSql(`create table legal_statuses (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null,
      kind text not null check (kind in (${list(legalStatusKinds)})),
      starts_on date not null,
      ends_on date,
      note text,
      recorded_by uuid not null,
      recorded_at timestamptz not null default now(),
      corrects_id uuid,
      correction_reason text,
      corrected_at timestamptz,
      corrected_by uuid,
      unique (organisation_id, id),
      check (ends_on is null or ends_on >= starts_on),
      check ((corrects_id is null) = (correction_reason is null)),
      check ((corrected_at is null) = (corrected_by is null)),
      foreign key (organisation_id, patient_id) references patients (organisation_id, id),
      foreign key (organisation_id, recorded_by) references users (organisation_id, id),
      foreign key (organisation_id, corrected_by) references users (organisation_id, id),
      foreign key (organisation_id, corrects_id) references legal_statuses (organisation_id, id)
    );`);
    this.addSql('create index legal_statuses_patient_idx on legal_statuses (organisation_id, patient_id, starts_on desc);');
    for (const sql of tenantTable('legal_statuses')) this.addSql(sql);

    this.addSql(`create table allergies (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null,
      kind text not null check (kind in ('allergie', 'geen-bekende')),
      substance text,
      reaction text,
      severity text check (severity in ('licht', 'matig', 'ernstig')),
      recorded_by uuid not null,
      recorded_at timestamptz not null default now(),
      lapsed_at timestamptz,
      lapsed_by uuid,
      lapse_reason text,
      unique (organisation_id, id),
      check ((kind = 'allergie') = (substance is not null and severity is not null)),
      check ((lapsed_at is null) = (lapse_reason is null)),
      foreign key (organisation_id, patient_id) references patients (organisation_id, id),
      foreign key (organisation_id, recorded_by) references users (organisation_id, id),
      foreign key (organisation_id, lapsed_by) references users (organisation_id, id)
    );`);
    this.addSql('create index allergies_patient_idx on allergies (organisation_id, patient_id, recorded_at desc);');
    for (const sql of tenantTable('allergies')) this.addSql(sql);

    this.addSql(`create table signaleringsplannen (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null,
      version integer not null check (version > 0),
      phases jsonb not null,
      created_by uuid not null,
      created_at timestamptz not null default now(),
      unique (organisation_id, id),
      unique (organisation_id, patient_id, version),
      foreign key (organisation_id, patient_id) references patients (organisation_id, id),
      foreign key (organisation_id, created_by) references users (organisation_id, id)
    );`);
    for (const sql of tenantTable('signaleringsplannen')) this.addSql(sql);

    this.addSql(`create table coercive_measures (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      patient_id uuid not null,
      kind text not null check (kind in (${list(measureKinds)})),
      started_at timestamptz not null,
      legal_basis text not null check (legal_basis in ('maatregel', 'noodsituatie')),
      legal_status_id uuid,
      decided_by text not null check (length(trim(decided_by)) > 0),
      note text,
      recorded_by uuid not null,
      recorded_at timestamptz not null default now(),
      ended_at timestamptz,
      end_note text,
      end_recorded_by uuid,
      end_recorded_at timestamptz,
      unique (organisation_id, id),
      check ((legal_basis = 'maatregel') = (legal_status_id is not null)),
      check (ended_at is null or ended_at >= started_at),
      check ((ended_at is null) = (end_recorded_at is null)),
      foreign key (organisation_id, patient_id) references patients (organisation_id, id),
      foreign key (organisation_id, legal_status_id) references legal_statuses (organisation_id, id),
      foreign key (organisation_id, recorded_by) references users (organisation_id, id),
      foreign key (organisation_id, end_recorded_by) references users (organisation_id, id)
    );`);
    this.addSql('create index coercive_measures_patient_idx on coercive_measures (organisation_id, patient_id, started_at desc);');
    // The ward overview counts open measures for every patient at each handover.
    this.addSql('create index coercive_measures_open_idx on coercive_measures (organisation_id, patient_id) where ended_at is null;');
    for (const sql of tenantTable('coercive_measures')) this.addSql(sql);

    this.addSql(`create table coercive_measure_evaluations (
      id uuid primary key default gen_random_uuid(),
      organisation_id uuid not null references organisations (id),
      measure_id uuid not null,
      evaluated_at timestamptz not null,
      evaluated_by text not null check (length(trim(evaluated_by)) > 0),
      text text not null,
      recorded_by uuid not null,
      recorded_at timestamptz not null default now(),
      foreign key (organisation_id, measure_id) references coercive_measures (organisation_id, id),
      foreign key (organisation_id, recorded_by) references users (organisation_id, id)
    );`);
    this.addSql(
      'create index coercive_measure_evaluations_measure_idx on coercive_measure_evaluations (organisation_id, measure_id, evaluated_at);',
    );
    for (const sql of tenantTable('coercive_measure_evaluations')) this.addSql(sql);
  }

  override down(): void {
    this.addSql('drop table if exists coercive_measure_evaluations;');
    this.addSql('drop table if exists coercive_measures;');
    this.addSql('drop table if exists signaleringsplannen;');
    this.addSql('drop table if exists allergies;');
    this.addSql('drop table if exists legal_statuses;');
  }
}
