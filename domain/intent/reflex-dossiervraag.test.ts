import { describe, expect, it } from 'vitest';
import { classifyReflex } from './reflex';

const jan = { activePatient: { id: '00000000-0000-4000-8000-000000000002', name: 'Jan de Vries' } };
const now = new Date('2026-11-22T09:00:00+01:00');
const first = (input: string, context = {}) => classifyReflex(input, context, now).actions[0]!;

describe('a free question about one patient’s record (dossiervraag, issue 47)', () => {
  it.each([
    ['wanneer is de clozapine van Jan de Vries verhoogd?', 'Jan de Vries'],
    ['wat was de laatste NEWS2 van Jan de Vries?', 'Jan de Vries'],
    ['hoeveel weegt mw. Bakker?', 'Bakker'],
    ['hoe vaak is Jan de Vries gesepareerd vraagteken', 'Jan de Vries'],
    ['welke dosis lithium krijgt dhr. Yilmaz?', 'Yilmaz'],
    ['heeft mw. Bakker haar medicatie geweigerd?', 'Bakker'],
    ['wat was de bloeddruk van Jan de Vries gisteren?', 'Jan de Vries'],
  ])('“%s” asks the record of %s, the question kept as asked', (input, name) => {
    const action = first(input);
    expect(action.intent).toBe('dossiervraag');
    expect(action.entities.patientName).toBe(name);
    expect(action.entities.vraag).toMatch(/\?$|[a-z]$/);
    // Enough to open the read block (0.7), under the escalation threshold (0.8): a model reads it again.
    expect(action.confidence).toBeGreaterThanOrEqual(0.7);
    expect(action.confidence).toBeLessThan(0.8);
  });

  it('dictated: “vraagteken” ends the question', () => {
    expect(first('heeft hij eerder gesepareerd gezeten vraagteken', jan)).toMatchObject({
      intent: 'dossiervraag',
      entities: { patientName: 'Jan de Vries', patientId: jan.activePatient.id, vraag: 'heeft hij eerder gesepareerd gezeten?' },
    });
  });

  it('on the patient’s own page a question without a name is about that patient', () => {
    expect(first('wanneer is de clozapine verhoogd?', jan)).toMatchObject({
      intent: 'dossiervraag',
      entities: { patientId: jan.activePatient.id },
    });
  });

  it.each([
    // The fixed intents keep their sentences.
    ['wat zijn de risico’s van Jan de Vries?', 'risico_query'],
    ['welke diagnose heeft Jan de Vries?', 'diagnose_query'],
    ['hoe was de nacht van Jan de Vries?', 'overdracht'],
    ['wat moet ik weten over Jan de Vries', 'overdracht'],
    ['wanneer heeft Jan de Vries een afspraak?', 'agenda_query'],
    ['hoe staat de intake van Jan de Vries?', 'intake_status'],
    ['laat de rapportages van Jan de Vries zien', 'rapportage'],
    ['noteer bij Jan de Vries: sliep onrustig', 'dagnotitie'],
    // Orders, calls, requests, general knowledge and the clinician's own work stay outside the record.
    ['verhoog de clozapine van Jan de Vries naar 300 mg', 'unknown'],
    ['kun je de clozapine van Jan de Vries verhogen?', 'unknown'],
    ['kun je de moeder van Jan de Vries bellen?', 'unknown'],
    ['mag Jan de Vries met verlof dit weekend?', 'unknown'],
    ['wat is de maximale dagdosis van olanzapine?', 'unknown'],
    ['wat is de dosering van quetiapine bij ouderen', 'unknown'],
    ['hoe log ik uit', 'unknown'],
    ['wordt Jan de Vries morgen ontslagen?', 'unknown'],
  ])('“%s” stays %s', (input, intent) => {
    expect(first(input).intent).toBe(intent);
  });

  it('an observation that goes on is no question: “… en is misselijk” stays the note', () => {
    const { actions } = classifyReflex('Zeynep Aydın heeft last van hoofdpijn en is misselijk', {}, now);
    expect(actions.map((action) => action.intent)).toEqual(['dagnotitie']);
  });

  it('without any patient a question stays unknown: there is no record to ask', () => {
    expect(first('wanneer is de clozapine verhoogd?').intent).toBe('unknown');
  });
});

describe('a question that plainly asks the record, whatever a fixed intent guessed (set S, ADR 0105 round 3)', () => {
  const intents = (input: string, context = {}) => classifyReflex(input, context, now).actions.map((action) => action.intent);

  it.each([
    // Shorthand: the thing and the patient, no verb, no value.
    ['gewicht mw. van der Stoep'],
    ['laatste NEWS2 dhr. Akkermans?'],
    // A question word before a legal role or a contact person, a measure, a dose.
    ['wie is de bewindvoerder vn dhr. Lindhout'],
    ['sinds wnr krijgt mw. Özdemir lorazepam'],
    ['wanneer is dhr. Kuijt voor het laatst gefixeerd vraagteken'],
    // Asking the assistant to look it up.
    ['Kunt u opzoeken welke dosis lithium mevrouw Verkerk krijgt?'],
    ['weet jij wie de mentor van mw. Haddou is'],
    // A mistyped question word, whether it ever happened, how sleep or eating went over a period.
    ['wnnr is de lithium verlaagd bij mw. de Ruiter'],
    ['heeft ben amrani ooit gesepareerd gezeten'],
    ['hoe heeft dhr. Kuijt de afgelopen week geslapen?'],
  ])('“%s” asks the record', (input) => {
    expect(intents(input)).toEqual(['dossiervraag']);
  });

  it('keeps a second action after the record question', () => {
    expect(intents('zoek dhr. Lindhout op en wie is zijn curator')).toEqual(['zoeken', 'dossiervraag']);
  });

  it.each([
    // A value stated is a note; an errand, an order, a command and a part of the form are no question.
    ['gewicht dhr. Lindhout vandaag 82 kg', 'dossiervraag'],
    ['vraag een lithiumspiegel aan voor mw. Verkerk', 'dossiervraag'],
    ['maak de separeer klaar voor dhr. Kuijt', 'dossiervraag'],
    ['Zou u mevrouw Verkerk, met een V, willen opzoeken?', 'dossiervraag'],
    ['waarvoor is dhr. Lindhout bij ons in zorg?', 'dossiervraag'],
  ])('“%s” is no %s', (input, intent) => {
    expect(intents(input)).not.toContain(intent);
  });

  it.each([['Sem slaapt sinds 23u, geen bijzonderheden'], ['dhr. Kuijt sloeg om 20.15 een medepatiënt, daarna naar de separeer']])(
    '“%s” tells, it does not ask',
    (input) => {
      expect(intents(input)).not.toContain('dossiervraag');
    },
  );

  it('a finite verb after a note goes on telling: “… en heeft zijn medicatie geweigerd” is no question', () => {
    expect(intents('dhr. Kuijt schreeuwde de hele avond en heeft zijn avondmedicatie geweigerd')).not.toContain('dossiervraag');
  });
});
