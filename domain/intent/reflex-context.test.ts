import { describe, expect, it } from 'vitest';
import { classifyReflex } from './reflex';

/*
 * Issue 43: what a clinician tells or readies before a request is no action of its own. A part before
 * another that no rule hears as a command and that the intent model cannot place either is context;
 * so is the agenda the clinician takes up before the request.
 */

const now = new Date('2026-11-28T09:00:00+01:00');
const chainOf = (input: string) =>
  classifyReflex(input, {}, now).actions.map((action) => [action.intent, action.entities.patientName ?? null]);

describe('a statement before the request', () => {
  it.each([
    ['de vader van Sem belde, hij wil graag een gesprek, kun je dat inplannen voor dinsdag', [['create_appointment', 'Sem']]],
    ['mevrouw Douma eh vraagt of ze vanavond naar huis mag komma regel een verlofpas', [['unknown', 'Douma']]],
  ])('“%s” is the request only', (input, chain) => {
    expect(chainOf(input)).toEqual(chain);
  });

  it('keeps a last part: what is said last is asked for', () => {
    expect(chainOf('noteer bij dhr. Mulder dat hij rustig was, daarna zn afspraak van vrijdag naar maandag')).toEqual([
      ['dagnotitie', 'Mulder'],
      ['reschedule_appointment', 'Mulder'],
    ]);
  });

  it('keeps what the assistant cannot do before a request as an action', () => {
    expect(chainOf('bel de familie van dhr. Jacobs en laat zijn risico’s zien').map(([intent]) => intent)).toEqual([
      'unknown',
      'risico_query',
    ]);
  });
});

describe('the agenda readied before the request', () => {
  it.each([
    ['pak de agenda er even bij en plan voor mw. de Wit een gesprek morgen 14:00', [['create_appointment', 'de Wit']]],
    ['ik heb de agenda al open, zet mw. Okafor er woensdag 13:30 in voor een evaluatie', [['create_appointment', 'Okafor']]],
    ['agenda erbij pakken en hoever is de intake van ben Ali', [['intake_status', 'ben Ali']]],
  ])('“%s” is the request only', (input, chain) => {
    expect(chainOf(input)).toEqual(chain);
  });

  it.each([
    ['open de agenda en plan een afspraak met Femke de Jong om half drie', ['agenda', 'create_appointment']],
    ['laat de agenda zien, daarna wat ik vrijdag heb', ['agenda', 'agenda_query']],
  ])('still opens the agenda asked for: %s', (input, intents) => {
    expect(chainOf(input).map(([intent]) => intent)).toEqual(intents);
  });
});

describe('a lower-case name with a particle', () => {
  it.each([
    ['de broer van el masri belde, zet een gesprek in de agenda voor maandag', 'el Masri'],
    ['hoe is het met ben ali gegaan vannacht', 'ben Ali'],
    ['loopt mw. de graaf kans zichzelf iets aan te doen', 'de Graaf'],
  ])('ends at the family name after its particle: %s', (input, name) => {
    expect(classifyReflex(input, {}, now).actions[0]!.entities.patientName?.toLowerCase()).toBe(name.toLowerCase());
  });

  it('goes on after a hyphen: dhr. ter maat-de vries', () => {
    expect(classifyReflex('dhr. ter maat-de vries, agressierisico?', {}, now).actions[0]!.entities.patientName).toBe('Ter Maat-de Vries');
  });
});

describe('a part that only says who', () => {
  it.each([
    ['eh mevrouw Sno komma S-N-O komma wat is er de afgelopen nacht gerapporteerd', [['rapportage', 'Sno']]],
    ['dhr. Verbeek, hoe was zijn nacht', [['overdracht', 'Verbeek']]],
  ])('is no search before the request: %s', (input, chain) => {
    expect(chainOf(input)).toEqual(chain);
  });

  it('is a search when the part asks for one', () => {
    expect(chainOf('zoek dhr. Verbeek, hoe was zijn nacht')).toEqual([
      ['zoeken', 'Verbeek'],
      ['overdracht', 'Verbeek'],
    ]);
  });
});

describe('report versus daily note in regional Dutch', () => {
  it.each([
    'gene rapport, gewoon ne dagnotitie bij madame Desmedt: ze heeft goed gegeten',
    'Een rapportage voor meneer Claes, neenee, gene rapportage maar een dagnotitie: hij heeft goed gegeten.',
  ])('a report declined with “gene” leaves the note: %s', (input) => {
    const actions = classifyReflex(input, {}, now).actions;
    expect(actions.map((action) => action.intent)).toEqual(['dagnotitie']);
    expect(actions[0]!.entities.patientName).toMatch(/^(Desmedt|Claes)$/);
  });
});

describe('a command whose object is the statement before it', () => {
  it.each([
    ['ouders van dhr. van dalen willen gesprek, zet in agenda vr middag', [['create_appointment', 'Van Dalen']]],
    ['mw. pérez-ijzerman om 7:30 depot, inplannen morgen', [['create_appointment', 'Pérez-Ijzerman']]],
  ])('“%s” is one appointment', (input, chain) => {
    expect(chainOf(input)).toEqual(chain);
  });
});

describe('a bare “noteer” after the note’s text', () => {
  it('closes the text, so the request after it is an action of its own', () => {
    expect(chainOf('mw. el ouazzani 6 uur medicatie geweigerd, noteer, dan ovdr lezen')).toEqual([
      ['dagnotitie', 'El Ouazzani'],
      ['overdracht', 'El Ouazzani'],
    ]);
  });

  it('still opens the text when it starts the sentence', () => {
    const { actions } = classifyReflex('noteer, dhr. Kok heeft slecht geslapen en wil zijn overdracht niet lezen', {}, now);
    expect(actions.map((action) => action.intent)).toEqual(['dagnotitie']);
  });
});

describe('a note that mentions a risk', () => {
  it('gets no risk question appended when the risk is told', () => {
    expect(
      chainOf('Hoewel bij de heer Abarkan een verhoogd agressierisico is vastgesteld, was hij vandaag rustig; graag een dagnotitie.'),
    ).toEqual([['dagnotitie', 'Abarkan']]);
  });

  it('keeps a risk asked for before the note', () => {
    expect(chainOf('wat zijn de risico’s van mw. Blom, en noteer dat ze rustig was').map(([intent]) => intent)).toEqual([
      'risico_query',
      'dagnotitie',
    ]);
  });
});

describe('ward shorthand with a dot', () => {
  it('reads “medept.” as a word, not the end of the report', () => {
    expect(chainOf("rapportage dhr. van 't veld: verbaal agressief naar medept. bij de koffie")).toEqual([['rapportage', "Van 't Veld"]]);
  });
});

describe('regional and misspelt sequencing words', () => {
  it.each([
    [
      'Maak een dagnotitie voor madame Ceulemans, ze heeft goed geslapen, en daarachter de overdracht van de afdeling.',
      ['dagnotitie', 'overdracht'],
    ],
    ['dossier ilse lachman. darna wat zijn de risico’s bij hem', ['zoeken', 'risico_query']],
  ])('start the next action: %s', (input, intents) => {
    expect(chainOf(input).map(([intent]) => intent)).toEqual(intents);
  });
});

describe('where in the intake to go', () => {
  it.each([
    ['naar intake pt kowalski, onderdeel diagnose', 'Kowalski'],
    ['ga naar de intake van mw. Sedney, stuk over risicotaxatie', 'Sedney'],
  ])('a part of the form named after the intake is no question: %s', (input, name) => {
    expect(chainOf(input)).toEqual([['intake_navigeer', name]]);
  });

  it('a question after the intake is still asked', () => {
    expect(chainOf('open de intake van mw. Sedney en wat zijn haar risico’s').map(([intent]) => intent)).toEqual([
      'intake_navigeer',
      'risico_query',
    ]);
  });
});
