import { describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors';
import {
  editErrors,
  initialChainState,
  missingChoices,
  missingDischargeReasons,
  missingReasons,
  stepKind,
  withChoices,
  withEdits,
  type ChainStep,
} from './chain';
import { confirmChainSchema, parseChainRequest } from './chain.schemas';
import { stepOutcome, timeIn } from './chain.service';
import { intents, isWriting, type ChainAction } from './intent.schemas';

const patientId = '5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
const appointmentId = '7a1b2c3d-4e5f-4a6b-9c8d-7e6f5a4b3c2d';
const otherAppointmentId = '8b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';

function fieldsOf(input: unknown): Record<string, string> {
  try {
    parseChainRequest(input);
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_failed')
      return (error.details as { fields: Record<string, string> }).fields;
    throw error;
  }
  throw new Error('expected a validation error');
}

const action = (intent: ChainAction['intent'], entities: Record<string, unknown> = {}) => ({ intent, entities, confidence: 0.9 });

describe('validating a chain before it starts', () => {
  it('accepts the cancel-and-note chain of the acceptance example', () => {
    const chain = parseChainRequest({
      actions: [
        action('cancel_appointment', { patientName: 'Jan', patientId, dateLabel: 'morgen' }),
        action('dagnotitie', { patientId, category: 'observatie', content: ' Patiënt meldt zich ziek. ' }),
      ],
    });
    expect(chain.actions.map((a) => a.intent)).toEqual(['cancel_appointment', 'dagnotitie']);
    expect(chain.actions[1]!.entities.content).toBe('Patiënt meldt zich ziek.');
  });

  it.each([
    [action('dagnotitie', { category: 'observatie', content: 'Slaapt slecht.' }), 'patientId', 'Kies de patiënt voor de dagnotitie.'],
    [action('dagnotitie', { patientId, category: 'observatie' }), 'content', 'Vul de tekst van de dagnotitie in.'],
    [
      action('dagnotitie', { patientId, category: 'observatie', content: 'x'.repeat(501) }),
      'content',
      'Een dagnotitie is maximaal 500 tekens; deze is 1 teken te lang.',
    ],
    [
      action('dagnotitie', { patientId, content: 'Slaapt slecht.' }),
      'category',
      'Kies een categorie: medicatie, ADL, gedrag, incident of observatie.',
    ],
    [action('create_appointment', { datetime: '2026-11-23T10:00:00+01:00' }), 'patientId', 'Kies de patiënt voor de nieuwe afspraak.'],
    [action('create_appointment', { patientId, dateLabel: 'morgen' }), 'datetime', 'Geef de dag en het tijdstip van de nieuwe afspraak.'],
    [action('cancel_appointment', { dateLabel: 'morgen' }), 'patientId', 'Noem de patiënt of de afspraak die geannuleerd moet worden.'],
    [
      action('reschedule_appointment', { datetime: '2026-11-24T14:00:00+01:00' }),
      'patientId',
      'Noem de patiënt of de afspraak die verplaatst moet worden.',
    ],
    [
      action('reschedule_appointment', { identifier: 'morgen 10:00' }),
      'datetime',
      'Geef de nieuwe dag en het nieuwe tijdstip van de afspraak.',
    ],
  ])('refuses %j with a Dutch message on %s', (incomplete, field, message) => {
    expect(fieldsOf({ actions: [action('agenda'), incomplete] })).toEqual({ [`actions.1.entities.${field}`]: message });
  });

  it('lets a cancellation name its appointment instead of the patient', () => {
    expect(() => parseChainRequest({ actions: [action('cancel_appointment', { identifier: 'morgen 10:00' })] })).not.toThrow();
  });

  it('asks nothing of reading intents, and refuses an empty or too long chain', () => {
    expect(() => parseChainRequest({ actions: [action('zoeken'), action('unknown')] })).not.toThrow();
    expect(Object.keys(fieldsOf({ actions: [] }))).toEqual(['actions']);
    expect(Object.keys(fieldsOf({ actions: Array.from({ length: 6 }, () => action('agenda')) }))).toEqual(['actions']);
  });

  it('reports a wrong shape and a missing entity together', () => {
    const fields = fieldsOf({ actions: [{ intent: 'dagnotitie', entities: { category: 'observatie', content: 'Rustig.' } }] });
    expect(fields['actions.0.confidence']).toBeDefined();
    expect(fields['actions.0.entities.patientId']).toBe('Kies de patiënt voor de dagnotitie.');
  });

  it('asks which patient is meant when a name did not resolve, for every patient-bound action but a search', () => {
    const fields = fieldsOf({
      actions: [
        action('zoeken', { patientName: 'Pieter' }),
        action('risico_query', { patientName: 'Pieter' }),
        action('reschedule_appointment', { patientName: 'Fatima', datetime: '2026-11-27T10:00:00+01:00' }),
      ],
    });
    expect(fields).toEqual({
      'actions.1.entities.patientId': 'Kies welke patiënt met “Pieter” bedoeld is.',
      'actions.2.entities.patientId': 'Kies welke patiënt met “Fatima” bedoeld is.',
    });
    expect(() => parseChainRequest({ actions: [action('risico_query', { patientName: 'Pieter', patientId })] })).not.toThrow();
  });

  it('accepts changes to a write only in the fields and rules of its form', () => {
    expect(
      confirmChainSchema.safeParse({ edits: { 0: { content: 'Hij was rustig.', category: 'gedrag', includeInHandover: true } } }).success,
    ).toBe(true);
    expect(confirmChainSchema.safeParse({ edits: { 0: { content: '  ' } } }).error?.issues[0]?.message).toBe(
      'Vul de tekst van de dagnotitie in.',
    );
    expect(confirmChainSchema.safeParse({ edits: { 0: { start: 'vrijdag' } } }).error?.issues[0]?.message).toBe(
      'Geef de dag en het tijdstip als datum met tijd.',
    );
    expect(confirmChainSchema.safeParse({ edits: { 0: { patientId } } }).success).toBe(false);
  });

  it('accepts choices only as step number → appointment id', () => {
    expect(confirmChainSchema.safeParse({}).success).toBe(true);
    expect(confirmChainSchema.safeParse({ choices: { 0: appointmentId } }).success).toBe(true);
    expect(confirmChainSchema.safeParse({ choices: { 0: 'de eerste' } }).error?.issues[0]?.message).toBe(
      'Kies een van de voorgestelde afspraken.',
    );
  });
});

describe('chain steps', () => {
  it('writes exactly the intents that change the record; an unknown intent is skipped', () => {
    for (const intent of intents) expect(stepKind(intent) === 'write', intent).toBe(isWriting(intent));
    expect(stepKind('unknown')).toBe('skip');
  });

  it('starts with every step being prepared, for its organisation and user', () => {
    const state = initialChainState({
      chainId: 'c',
      actor: { organisationId: 'o', userId: 'u', role: 'verpleegkundige', channel: 'assistant' },
      actions: [action('zoeken', { patientName: 'Jan' }), action('dagnotitie')] as ChainAction[],
    });
    expect(state).toMatchObject({ chainId: 'c', organisationId: 'o', userId: 'u', status: 'voorbereiden' });
    expect(state.steps.map((step) => [step.index, step.kind, step.status])).toEqual([
      [0, 'read', 'voorbereiden'],
      [1, 'write', 'voorbereiden'],
    ]);
  });

  const choosing: ChainStep = {
    index: 1,
    intent: 'cancel_appointment',
    entities: { patientId },
    kind: 'write',
    status: 'keuze_nodig',
    summary: '2 afspraken gevonden; kies welke bedoeld is',
    plan: { patientId },
    candidates: [
      {
        appointmentId,
        label: 'Behandelgesprek maandag 23 november 10:00 met Jan de Vries',
        summary: 'Afspraak behandelgesprek maandag 23 november 10:00 met Jan de Vries annuleren',
      },
      {
        appointmentId: otherAppointmentId,
        label: 'Intake maandag 23 november 14:00 met Jan de Vries',
        summary: 'Afspraak intake maandag 23 november 14:00 met Jan de Vries annuleren',
      },
    ],
  };

  it('names every step that still needs a choice, and a choice that was not offered', () => {
    expect(missingChoices([choosing], {})).toEqual({ 'choices.1': 'Kies welke afspraak bedoeld is.' });
    expect(missingChoices([choosing], { 1: patientId })).toEqual({ 'choices.1': 'Kies een van de voorgestelde afspraken.' });
    expect(missingChoices([choosing], { 1: otherAppointmentId })).toEqual({});
  });

  it('asks the reason of a cancellation before it is confirmed, as the page does', () => {
    expect(missingReasons([choosing], {})).toEqual({
      'edits.1.reason': 'Geef een reden voor het annuleren: kies er een of beschrijf hem.',
    });
    expect(missingReasons([choosing], { 1: { reasonCode: 'anders' } })).toEqual({ 'edits.1.reason': 'Beschrijf de reden bij ‘Anders’.' });
    expect(missingReasons([choosing], { 1: { reasonCode: 'dubbel' } })).toEqual({});
    expect(missingReasons([choosing], { 1: { reason: 'Patiënt belde af' } })).toEqual({});
    // Said in the sentence, the reason is in the plan already.
    expect(missingReasons([{ ...choosing, plan: { patientId, reason: 'Hij is ziek' } }], {})).toEqual({});
    expect(editErrors([choosing], { 1: { reasonCode: 'dubbel', reason: 'stond ook bij de psychiater' } })).toEqual({});
    expect(withEdits([{ ...choosing, status: 'klaar_voor_bevestiging' }], { 1: { reasonCode: 'dubbel' } })[0]!.plan).toMatchObject({
      reasonCode: 'dubbel',
    });
  });

  it('turns a chosen candidate into the plan and the summary', () => {
    const [chosen] = withChoices([choosing], { 1: otherAppointmentId });
    expect(chosen).toMatchObject({
      status: 'klaar_voor_bevestiging',
      summary: 'Afspraak intake maandag 23 november 14:00 met Jan de Vries annuleren',
      plan: { patientId, appointmentId: otherAppointmentId },
    });
    expect(withChoices([choosing], {})[0]).toBe(choosing);
  });
});

describe('changes to a prepared write before the confirmation', () => {
  const note: ChainStep = {
    index: 0,
    intent: 'dagnotitie',
    entities: {},
    kind: 'write',
    status: 'klaar_voor_bevestiging',
    summary: 'Dagnotitie',
    plan: { patientId, patientName: 'Jan de Vries', category: 'observatie', content: 'Hij rustig was', includeInHandover: false },
  };
  const move: ChainStep = {
    ...note,
    index: 1,
    intent: 'reschedule_appointment',
    plan: { patientId, appointmentId, start: '2026-11-24T10:00:00+01:00', moveTo: '2026-11-27T10:00:00+01:00' },
  };
  const read: ChainStep = { ...note, index: 2, intent: 'risico_query', kind: 'read', status: 'klaar', plan: undefined };

  it('puts the edited text, category, handover flag and time into the plan that will be written', () => {
    const [edited, moved] = withEdits([note, move], {
      0: { content: 'Hij was rustig.', category: 'gedrag', includeInHandover: true },
      1: { start: '2026-11-27T14:30:00+01:00' },
    });
    expect(edited!.plan).toMatchObject({ content: 'Hij was rustig.', category: 'gedrag', includeInHandover: true, patientId });
    expect(moved!.plan).toMatchObject({ start: '2026-11-24T10:00:00+01:00', moveTo: '2026-11-27T14:30:00+01:00', appointmentId });
    expect(withEdits([note], {})[0]).toBe(note);
  });

  it('refuses a change a step cannot take', () => {
    expect(
      editErrors([note, move, read], {
        0: { start: '2026-11-27T14:30:00+01:00' },
        1: { content: 'x' },
        2: { content: 'x' },
        7: { content: 'x' },
      }),
    ).toEqual({
      'edits.0.start': 'Deze stap kan niet worden aangepast.',
      'edits.1.content': 'Deze stap kan niet worden aangepast.',
      'edits.2.content': 'Deze stap kan niet worden aangepast.',
      'edits.7.content': 'Deze stap kan niet worden aangepast.',
    });
    expect(editErrors([note, move], { 0: { content: 'Hij was rustig.' }, 1: { start: '2026-11-27T14:30:00+01:00' } })).toEqual({});
  });
});

describe('a time in the words that name an appointment', () => {
  it.each([
    ['morgen 10:00', 600],
    ['vrijdag 9.30', 570],
    ['de afspraak van 14 uur', 840],
    ['morgen', null],
    ['25:00', null],
    [undefined, null],
  ])('%s → %s minutes', (words, minutes) => {
    expect(timeIn(words)).toBe(minutes);
  });
});

describe('a refusal by a service', () => {
  const step = initialChainState({
    chainId: 'c',
    actor: { organisationId: 'o', userId: 'u', role: 'verpleegkundige', channel: 'assistant' },
    actions: [action('dagnotitie')] as ChainAction[],
  }).steps[0]!;

  it('fails the step with its Dutch message, the field message first', async () => {
    const refused = await stepOutcome(step, () => Promise.reject(AppError.validation({ patientId: 'Deze patiënt bestaat niet (meer).' })));
    expect(refused).toMatchObject({ status: 'mislukt', error: 'Deze patiënt bestaat niet (meer).' });
    const forbidden = await stepOutcome(step, () => Promise.reject(AppError.forbidden()));
    expect(forbidden).toMatchObject({ status: 'mislukt', error: 'Geen toegang tot deze afspraak.' });
  });

  it('lets a fault through, so Temporal retries', async () => {
    await expect(stepOutcome(step, () => Promise.reject(new Error('connection reset')))).rejects.toThrow('connection reset');
  });
});

describe('a discharge in the block (ADR 0080)', () => {
  const discharge: ChainStep = {
    index: 0,
    intent: 'ontslag',
    entities: { patientId },
    kind: 'write',
    status: 'klaar_voor_bevestiging',
    summary: 'Jan met ontslag per 29-11-2026 (Behandeling afgerond)',
    plan: { patientId, dischargeReasonCode: 'behandeling-afgerond', dischargedOn: '2026-11-29' },
  };

  it('takes the reason, its words and the date the clinician changed, and nothing a discharge does not have', () => {
    const edits = { 0: { dischargeReasonCode: 'anders' as const, reason: 'Naar het buitenland', dischargedOn: '2026-11-28' } };
    expect(editErrors([discharge], edits)).toEqual({});
    expect(withEdits([discharge], edits)[0]!.plan).toMatchObject({
      dischargeReasonCode: 'anders',
      reason: 'Naar het buitenland',
      dischargedOn: '2026-11-28',
    });
    expect(editErrors([discharge], { 0: { content: 'x' } })).toEqual({ 'edits.0.content': 'Deze stap kan niet worden aangepast.' });
  });

  it('asks for words with ‘Anders’ before anything is written', () => {
    expect(missingDischargeReasons([discharge], { 0: { dischargeReasonCode: 'anders' } })).toEqual({
      'edits.0.reason': 'Beschrijf de reden bij ‘Anders’.',
    });
    expect(missingDischargeReasons([discharge], { 0: { dischargeReasonCode: 'anders', reason: 'Verhuist' } })).toEqual({});
    expect(missingDischargeReasons([discharge], {})).toEqual({});
  });
});
