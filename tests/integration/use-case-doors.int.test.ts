/// <reference types="vite/client" />
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyUseCase } from '../../domain/audit/use-case';
import { asOwner, signedInUser, type SignedIn } from '../support/factories';
import type { DoorCase } from './doors/doors';

/*
 * One use case, one access log (NEN 7513), whichever door a clinician came in by (ADR 0068): every
 * declared use case is run through each of its doors on fresh data, and the rows each door leaves
 * must be the same. A new use case without its doors here fails the first test.
 */

const declarations = import.meta.glob<Record<string, unknown>>('../../domain/**/*.use-cases.ts', { eager: true });
const doorFiles = import.meta.glob<{ cases: DoorCase[] }>('./doors/*.doors.ts', { eager: true });

const isUseCase = (value: unknown): value is AnyUseCase =>
  typeof value === 'object' && value !== null && 'name' in value && 'run' in value && 'patients' in value;
const declared = Object.values(declarations).flatMap((module: Record<string, unknown>) => Object.values(module).filter(isUseCase));
const cases = Object.values(doorFiles).flatMap((file) => file.cases);

interface LogRow {
  id: string;
  action: string;
  resource_type: string;
  outcome: string;
  patient_ids: string[];
  has_resource: boolean;
  details: Record<string, unknown> | null;
}

/** The organisation's rows that name the patient; for a use case about no patient (`patientId: ''`), the clinician's rows that name none. */
const rowsNaming = (clinician: SignedIn, patientId: string) =>
  asOwner(
    clinician.organisationId,
    async (db) =>
      (
        await db.query<LogRow>(
          `select id, action, resource_type, outcome, patient_ids, resource_id is not null as has_resource, details
             from audit_events
            where organisation_id = $1
              and (case when $2::text = '' then user_id = $3 and patient_ids = '{}' else $2::text = any(patient_ids::text[]) end)
            order by occurred_at, id`,
          [clinician.organisationId, patientId, clinician.user.id],
        )
      ).rows,
  );

/** The organisation's rows an actor (a user or a koppeling) left. */
const rowsLeftBy = (clinician: SignedIn, actorId: string) =>
  asOwner(
    clinician.organisationId,
    async (db) =>
      (
        await db.query<LogRow>(
          `select id, action, resource_type, outcome, patient_ids, resource_id is not null as has_resource, details
             from audit_events where organisation_id = $1 and user_id = $2 order by occurred_at, id`,
          [clinician.organisationId, actorId],
        )
      ).rows,
  );

/** The rows of the door: naming the patient, or left by the case's actor (`rowsBy`). */
const rowsOf = (clinician: SignedIn, c: DoorCase, arranged: { patientId: string } & Record<string, string>) =>
  c.rowsBy ? rowsLeftBy(clinician, c.rowsBy(clinician, arranged)) : rowsNaming(clinician, arranged.patientId);

/** The rows that are not in `before`, with the patient as "P". */
function newRows(rows: LogRow[], patientId: string, before: Set<string>): string[] {
  return rows
    .filter((row) => !before.has(row.id))
    .map((row) =>
      JSON.stringify([
        row.action,
        row.resource_type,
        row.outcome,
        row.patient_ids.map((id) => (id === patientId ? 'P' : 'other')),
        row.has_resource,
        row.details,
      ]),
    );
}

const clinicians = new Map<string, SignedIn>();
const clinicianFor = async (role: SignedIn['user']['role'] = 'verpleegkundige') => {
  const known = clinicians.get(role);
  if (known) return known;
  const signedIn = await signedInUser(role);
  clinicians.set(role, signedIn);
  return signedIn;
};

beforeAll(async () => {
  await clinicianFor();
});

describe('the declared use cases', () => {
  it('finds them', () => expect(declared.length).toBeGreaterThan(3));

  it('each has its doors here, once', () => {
    const names = declared.map((useCase) => useCase.name);
    expect(new Set(names).size, 'two use cases share a name').toBe(names.length);
    const covered = cases.map((c) => c.useCase.name);
    expect(names.filter((name) => !covered.includes(name)).sort()).toEqual([]);
  });
});

describe.each(cases.map((c) => [c.useCase.name, c] as const))('%s', (_name, c) => {
  it('leaves the same access-log rows through every door', async () => {
    const clinician = await clinicianFor(c.role);
    const byDoor: Record<string, string[]> = {};
    for (const [door, enter] of Object.entries(c.doors)) {
      const arranged = await c.arrange(clinician);
      const before = new Set((await rowsOf(clinician, c, arranged)).map((row) => row.id));
      const status = await enter(clinician, arranged);
      expect(status, `${door} answered ${status}`).toBeLessThan(400);
      // A record page's own check of its patient (a loader fetched alone) is the record's read, not this use case's.
      const pageCheck = JSON.stringify(['read', 'Patient', 'success', ['P'], true, null]);
      byDoor[door] = newRows(await rowsOf(clinician, c, arranged), arranged.patientId, before)
        .filter((row) => c.useCase.resourceType === 'Patient' || row !== pageCheck)
        // Sorted: the rows of one transaction can share their moment, and then their order is the ids' (random).
        .sort();
    }
    const [first, ...others] = Object.entries(byDoor);
    expect(
      first![1].some((row) => row.startsWith(JSON.stringify([c.useCase.action, c.useCase.resourceType]).slice(0, -1))),
      JSON.stringify(byDoor),
    ).toBe(true);
    for (const [door, rows] of others) expect({ [door]: rows }).toEqual({ [door]: first![1] });
  });
});
