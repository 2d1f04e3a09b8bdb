import { describe, expect, it } from 'vitest';
import { planFormValues } from './treatment-plan.form';
import { planContentSchema } from './treatment-plan.schemas';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe('treatment-plan form', () => {
  it('turns lines into lists and rows into objects, dropping empty rows so error paths match the rows shown again', () => {
    const values = planFormValues(
      form({
        hulpvraag: '  Rust in mijn hoofd ',
        probleemanalyse: 'Analyse',
        'classificatie.0.code': 'F20.0',
        'classificatie.0.omschrijving': 'Schizofrenie',
        'classificatie.0.soort': 'hoofd',
        'classificatie.1.code': '',
        'classificatie.1.omschrijving': '',
        'classificatie.1.soort': 'neven',
        'doelen.0.omschrijving': '',
        'doelen.0.evaluatiedatum': '',
        'doelen.3.omschrijving': 'Medicatie trouw innemen',
        'doelen.3.evaluatiedatum': '2027-01-10',
        'doelen.10.omschrijving': 'Zonder datum',
        'doelen.10.evaluatiedatum': '',
        interventies: 'CGT\r\n\r\n  Psycho-educatie  \n',
        medicatie: '',
        frequentie: 'Wekelijks',
        duur: '3 maanden',
        'behandelaren.0.naam': 'Dr. Bakker',
        'behandelaren.0.rol': 'Regiebehandelaar',
        'crisisplan.signalen': 'Slecht slapen',
        'crisisplan.acties': 'Bellen',
        'crisisplan.contact': 'Afdeling',
        'evaluatiemomenten.0.datum': '2027-01-10',
        'evaluatiemomenten.0.omschrijving': 'Evaluatie',
        'toestemming.status': 'ingestemd',
        'toestemming.toelichting': '',
      }),
    );
    expect(values).toMatchObject({
      hulpvraag: 'Rust in mijn hoofd',
      classificatie: [{ code: 'F20.0', omschrijving: 'Schizofrenie', soort: 'hoofd' }],
      doelen: [
        { omschrijving: 'Medicatie trouw innemen', evaluatiedatum: '2027-01-10' },
        { omschrijving: 'Zonder datum', evaluatiedatum: '' },
      ],
      interventies: ['CGT', 'Psycho-educatie'],
      medicatie: [],
      crisisplan: { signalen: ['Slecht slapen'], acties: ['Bellen'], contact: 'Afdeling' },
      toestemming: { status: 'ingestemd', toelichting: '' },
    });
    const result = planContentSchema.safeParse(values);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['doelen.1.evaluatiedatum', 'Kies een geldige evaluatiedatum voor dit doel.'],
    ]);
  });
});
