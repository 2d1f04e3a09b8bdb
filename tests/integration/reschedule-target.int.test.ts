import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditActor } from '../../domain/audit/audit.service';
import { type MikroORM } from '../../domain/db/orm';
import { withTenant } from '../../domain/db/tenant';
import { withChoices, type ChainStep } from '../../domain/intent/chain';
import { executeChainStep, prepareChainStep } from '../../domain/intent/chain.service';
import { classifyReflex } from '../../domain/intent/reflex';
import { asOwner, createAppointment, createUser, registerPatient, signedInUser, validBsns, type SignedIn } from '../support/factories';
import { appOrm } from '../support/app-orm';

/**
 * Issue 44 point 3: the assistant's reschedule moves the appointment the sentence means. The test
 * chooses its moment (ADR 0054): Saturday 30 November 2030 14:00 on the ward's clock, far enough
 * ahead that the move is never refused as one into the past.
 */
const now = new Date('2030-11-30T14:00:00+01:00');
const at = (wallClock: string) => new Date(`${wallClock}+01:00`);

let orm: MikroORM;
let nurse: SignedIn;
let actor: AuditActor;
let jan: string;
let kees: string;
const ids: Record<string, string> = {};

async function prepare(sentence: string, patientId: string): Promise<ChainStep> {
  const [action] = classifyReflex(sentence, {}, now).actions;
  expect(action?.intent).toBe('reschedule_appointment');
  return withTenant(orm, actor, (em) => prepareChainStep(em, actor, { ...action!, entities: { ...action!.entities, patientId } }, 0, now));
}

async function startsOf(patientId: string): Promise<Record<string, string>> {
  const { rows } = await asOwner(nurse.organisationId, (client) =>
    client.query<{ id: string; start_at: Date }>('select id, start_at from appointments where patient_id = $1', [patientId]),
  );
  return Object.fromEntries(rows.map((row) => [row.id, row.start_at.toISOString()]));
}

beforeAll(async () => {
  orm = await appOrm();
  nurse = await signedInUser();
  actor = { organisationId: nurse.organisationId, userId: nurse.user.id, role: 'verpleegkundige', channel: 'assistant' };
  const psychiatrist = await createUser(nurse.organisationId, { role: 'psychiater' });
  jan = await registerPatient(nurse.cookie);
  kees = await registerPatient(nurse.cookie, {
    name: [{ family: 'Bakker', given: ['Kees'] }],
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: validBsns[2] }],
  });
  const own = (patientId: string, startAt: Date, type: string, minutes = 45) =>
    createAppointment(nurse.organisationId, { patientId, practitionerId: nurse.user.id, startAt, type, minutes });
  // Under way at "now": begun, so not the next one.
  ids.saturday = await own(jan, at('2030-11-30T13:30:00'), 'medicatiecontrole', 60);
  ids.monday = await own(jan, at('2030-12-02T09:00:00'), 'behandelgesprek');
  ids.tuesday = await own(jan, at('2030-12-03T10:15:00'), 'somatisch', 30);
  ids.wednesdayMorning = await own(jan, at('2030-12-04T10:00:00'), 'behandelgesprek');
  ids.wednesdayAfternoon = await own(jan, at('2030-12-04T15:00:00'), 'medicatiecontrole');
  ids.cancelled = await createAppointment(nurse.organisationId, {
    patientId: jan,
    practitionerId: nurse.user.id,
    startAt: at('2030-11-30T16:00:00'),
    status: 'geannuleerd',
  });
  // Kees's next one is the psychiatrist's; a later one is the nurse's own.
  ids.keesMonday = await createAppointment(nurse.organisationId, {
    patientId: kees,
    practitionerId: psychiatrist.id,
    startAt: at('2030-12-02T09:00:00'),
  });
  ids.keesTuesday = await own(kees, at('2030-12-03T10:15:00'), 'somatisch', 30);
});

afterAll(() => orm.close());

describe("the assistant's reschedule targets the appointment the sentence means (issue 44)", () => {
  it('without a day said, the patient’s next one (not one under way, not a cancelled one), with the weekend warning', async () => {
    const step = await prepare('verzet de afspraak van Jan de Vries naar morgen 14:00', jan);
    expect(step.status).toBe('klaar_voor_bevestiging');
    expect(step.plan).toMatchObject({ appointmentId: ids.monday, moveTo: '2030-12-01T14:00:00+01:00' });
    expect(step.summary).toContain('behandelgesprek maandag 2 december 09:00');
    expect(step.plan?.warnings).toEqual([expect.stringContaining('Een behandelgesprek wordt in het weekend niet gehouden')]);
  });

  it('confirming moves exactly that appointment', async () => {
    const before = await startsOf(jan);
    const step = await prepare('verzet de afspraak van Jan de Vries naar morgen 14:00', jan);
    const done = await withTenant(orm, actor, (em) => executeChainStep(em, actor, randomUUID(), step));
    expect(done.status).toBe('klaar');
    const after = await startsOf(jan);
    expect(after[ids.monday!]).toBe('2030-12-01T13:00:00.000Z');
    for (const [id, start] of Object.entries(before)) if (id !== ids.monday) expect(after[id]).toBe(start);
  });

  it('"van dinsdag" takes Tuesday’s; a time outside the agenda hours is a warning', async () => {
    const step = await prepare('verzet de afspraak van Jan de Vries van dinsdag naar donderdag 22:00', jan);
    expect(step.status).toBe('klaar_voor_bevestiging');
    expect(step.plan).toMatchObject({ appointmentId: ids.tuesday });
    expect(step.plan?.warnings).toEqual(['22:00 valt buiten de agendatijden (07:00–21:00).']);
  });

  it('"van woensdag 15:00" takes the one at that time; a move within hours on a weekday has no warning', async () => {
    const step = await prepare('verzet de afspraak van Jan de Vries van woensdag 15:00 naar donderdag 11:00', jan);
    expect(step.plan).toMatchObject({ appointmentId: ids.wednesdayAfternoon });
    expect(step.plan?.warnings).toBeUndefined();
  });

  it('several that fit the words: the block offers a choice, each with its own warnings once chosen', async () => {
    const step = await prepare('verzet de afspraak van Jan de Vries van woensdag naar zondag 10:00', jan);
    expect(step.status).toBe('keuze_nodig');
    expect(step.candidates?.map((candidate) => candidate.appointmentId)).toEqual([ids.wednesdayMorning, ids.wednesdayAfternoon]);
    // Before the choice the block says what stands out for any of them.
    expect(step.plan?.warnings).toEqual([expect.stringContaining('Een behandelgesprek wordt in het weekend niet gehouden')]);
    const [medication] = withChoices([step], { '0': ids.wednesdayAfternoon! });
    expect(medication!.plan).toMatchObject({ appointmentId: ids.wednesdayAfternoon });
    expect(medication!.plan?.warnings).toBeUndefined();
    const [talk] = withChoices([step], { '0': ids.wednesdayMorning! });
    expect(talk!.plan?.warnings).toHaveLength(1);
  });

  it('when the next one is a colleague’s, the step says so instead of moving a later one', async () => {
    const step = await prepare('verzet de afspraak van Kees Bakker naar maandag 11:00', kees);
    expect(step.status).toBe('mislukt');
    expect(step.error).toContain('De eerstvolgende afspraak is behandelgesprek maandag 2 december 09:00 met Kees Bakker');
    expect(step.plan).toBeUndefined();
  });
});
