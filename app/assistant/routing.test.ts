import { noTimedAlerts } from '../../domain/handover/warnings';
import { currentShift, wallClockOf, wallClockToIso } from '../../domain/shared/clinical-time';
import { describe, expect, it } from 'vitest';
import type { ChainAction } from '../../domain/intent/intent.schemas';
import { wardNudges } from './nudges';
import { clarified, routeActions } from './routing';

const jan = { id: '0b9c7f1e-8a43-4f7a-9d55-6f1f7a9f2c10', name: 'Jan de Vries' };
const action = (intent: ChainAction['intent'], entities: ChainAction['entities'] = {}, confidence = 0.95): ChainAction => ({
  intent,
  entities,
  confidence,
});

describe('routing a classified message to a block', () => {
  it('opens no block under 0.7 confidence, and none for an unknown intent', () => {
    expect(routeActions([action('risico_query', { patientId: jan.id, patientName: jan.name }, 0.69)])).toEqual({ kind: 'fallback' });
    expect(routeActions([action('unknown', {}, 0.9)])).toEqual({ kind: 'fallback' });
    expect(routeActions([])).toEqual({ kind: 'fallback' });
  });

  it('prefills the daily note with patient, category and content', () => {
    expect(
      routeActions([
        action('dagnotitie', { patientId: jan.id, patientName: jan.name, category: 'medicatie', content: 'Weigerde medicatie' }),
      ]),
    ).toEqual({
      kind: 'block',
      block: { type: 'dagnotitie', patient: jan, category: 'medicatie', content: 'Weigerde medicatie' },
    });
  });

  it('proposes a discharge in the confirmation block like every write, and asks whom when nobody is named', () => {
    const discharge = action('ontslag', { patientId: jan.id, patientName: jan.name });
    expect(routeActions([discharge])).toEqual({ kind: 'block', block: { type: 'chain', actions: [discharge] } });
    expect(routeActions([action('ontslag')])).toMatchObject({
      kind: 'clarify',
      missing: 'patient',
      question: 'Welke patiënt gaat met ontslag?',
    });
    expect(routeActions([action('ontslag')], jan)).toMatchObject({
      kind: 'block',
      block: { type: 'chain', actions: [{ intent: 'ontslag', entities: { patientId: jan.id } }] },
    });
  });

  it('asks which patient when a name did not resolve, or none was named away from a record', () => {
    expect(routeActions([action('risico_query', { patientName: 'Jan' })])).toMatchObject({
      kind: 'clarify',
      missing: 'patient',
      question: 'Welke patiënt bedoel je met “Jan”?',
    });
    expect(routeActions([action('dagnotitie', { content: 'Sliep goed' })])).toMatchObject({
      kind: 'clarify',
      missing: 'patient',
      question: 'Voor welke patiënt is de dagnotitie?',
    });
  });

  it('takes the open record as the patient when none was named', () => {
    expect(routeActions([action('diagnose_query')], jan)).toEqual({ kind: 'block', block: { type: 'diagnose', patient: jan } });
    // A name that was said wins over the open record, even when it still needs resolving.
    expect(routeActions([action('diagnose_query', { patientName: 'Piet' })], jan)).toMatchObject({ kind: 'clarify', missing: 'patient' });
  });

  it('opens the agenda in the mode of the intent, and sends changes through confirmation', () => {
    expect(routeActions([action('agenda', { dateLabel: 'morgen' })])).toEqual({
      kind: 'block',
      block: { type: 'agenda', mode: 'overview', label: 'morgen', range: undefined, patient: undefined },
    });
    expect(routeActions([action('agenda_query', { patientId: jan.id, patientName: jan.name })])).toMatchObject({
      block: { type: 'agenda', mode: 'query', patient: jan },
    });
    const create = action('create_appointment', { patientId: jan.id, patientName: jan.name, datetime: '2026-11-27T10:00:00+01:00' });
    expect(routeActions([create])).toEqual({ kind: 'block', block: { type: 'agenda-change', mode: 'create', action: create } });
    expect(routeActions([action('cancel_appointment', { identifier: 'morgen 10:00' })])).toMatchObject({
      block: { type: 'agenda-change', mode: 'cancel' },
    });
  });

  it('asks for what an agenda change still needs: the patient and moment of a new one, the appointment to move', () => {
    expect(routeActions([action('create_appointment', { patientName: 'Jan' })])).toMatchObject({ kind: 'clarify', missing: 'patient' });
    const undated = routeActions([action('create_appointment', { patientId: jan.id, patientName: jan.name })]);
    expect(undated).toMatchObject({
      kind: 'clarify',
      missing: 'datetime',
      question: 'Wanneer moet de afspraak met Jan de Vries plaatsvinden?',
    });
    const move = action('reschedule_appointment', { patientId: jan.id, patientName: jan.name, datetime: '2026-11-27T11:00:00+01:00' });
    // The patient's next appointment is the source when none is named; without a patient, ask which.
    expect(routeActions([move])).toMatchObject({ kind: 'block', block: { type: 'agenda-change', mode: 'reschedule' } });
    const nobody = action('reschedule_appointment', { datetime: '2026-11-27T11:00:00+01:00' });
    expect(routeActions([nobody])).toMatchObject({ kind: 'clarify', missing: 'identifier' });
    expect(routeActions([{ ...nobody, entities: { ...nobody.entities, patientName: 'Pieter' } }])).toMatchObject({
      kind: 'clarify',
      missing: 'patient',
      question: 'Welke patiënt bedoel je met “Pieter”?',
    });
    expect(clarified(nobody, { identifier: 'morgen 10:00' })).toMatchObject({
      kind: 'block',
      block: { type: 'agenda-change', mode: 'reschedule' },
    });
    expect(routeActions([action('cancel_appointment')])).toMatchObject({ kind: 'clarify', missing: 'identifier' });
  });

  it('continues with the answer to a question', () => {
    const note = action('dagnotitie', { patientName: 'Jan', content: 'Rustig', category: 'observatie' });
    expect(clarified(note, { patient: jan })).toEqual({
      kind: 'block',
      block: { type: 'dagnotitie', patient: jan, category: 'observatie', content: 'Rustig' },
    });
  });

  it('shows a sentence of several actions as one chain, the open record filling in where nobody was named', () => {
    const routed = routeActions([action('rapportage'), action('agenda', { dateLabel: 'morgen' })], jan);
    expect(routed).toMatchObject({
      kind: 'block',
      block: { type: 'chain', actions: [{ intent: 'rapportage', entities: { patientId: jan.id } }, { intent: 'agenda' }] },
    });
  });
});

describe('clinical time in the browser', () => {
  it('names the shift by Amsterdam time', () => {
    expect(currentShift(new Date('2026-11-23T06:30:00Z'))).toBe('dag'); // 07:30 in Amsterdam
    expect(currentShift(new Date('2026-11-23T14:30:00Z'))).toBe('avond'); // 15:30
    expect(currentShift(new Date('2026-11-23T22:30:00Z'))).toBe('nacht'); // 23:30
  });

  it('reads a datetime-local value as Amsterdam wall-clock time, summer and winter', () => {
    expect(wallClockToIso('2026-11-27T10:00')).toBe('2026-11-27T10:00:00+01:00');
    expect(wallClockToIso('2026-07-01T09:30')).toBe('2026-07-01T09:30:00+02:00');
    expect(wallClockToIso('morgen')).toBeNull();
    // And back, for the field that shows a prepared time: winter and summer time.
    expect(wallClockOf('2026-11-27T09:00:00Z')).toBe('2026-11-27T10:00');
    expect(wallClockOf('2026-07-01T07:30:00Z')).toBe('2026-07-01T09:30');
  });
});

describe('nudges from the ward', () => {
  const alerts = {
    ...noTimedAlerts,
    incident_count: 0,
    crisis_count: 0,
    abnormal_vitals: 0,
    high_risks: 0,
    high_bvc: 0,
    open_measures: 0,
    total: 0,
  };
  it('turns alerts into short hints, most alerts first, at most three', () => {
    const nudges = wardNudges([
      { patientId: 'a', name: 'Jan de Vries', alerts: { ...alerts, incident_count: 2, total: 2 } },
      { patientId: 'b', name: 'Fatima el Amrani', alerts: { ...alerts, abnormal_vitals: 1, high_risks: 1, total: 2 } },
      { patientId: 'c', name: 'Kees Bakker', alerts },
    ]);
    expect(nudges.map((nudge) => nudge.text)).toEqual([
      'Open bij Jan de Vries: 2 incidenten.',
      'Let op bij Fatima el Amrani: 1 kritieke meting en 1 hoog risico in de laatste 24 uur.',
    ]);
    expect(nudges[0]!.href).toBe('/overdracht?patient=a');
  });
});

describe('a question about the record (dossiervraag)', () => {
  const question = { intent: 'dossiervraag' as const, confidence: 0.85, entities: { vraag: 'wanneer is de clozapine verhoogd?' } };

  it('opens the record’s answer as a read block: nothing to confirm', () => {
    const routing = routeActions([{ ...question, entities: { ...question.entities, patientId: jan.id, patientName: jan.name } }]);
    expect(routing).toEqual({ kind: 'block', block: { type: 'dossiervraag', patient: jan, vraag: 'wanneer is de clozapine verhoogd?' } });
  });

  it('on a patient’s page it is about that patient; elsewhere it asks which patient first', () => {
    expect(routeActions([question], jan)).toMatchObject({ kind: 'block', block: { type: 'dossiervraag', patient: jan } });
    expect(routeActions([question])).toMatchObject({ kind: 'clarify', missing: 'patient', question: 'Over welke patiënt gaat je vraag?' });
  });
});
