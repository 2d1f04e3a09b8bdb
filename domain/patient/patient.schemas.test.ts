import { clinicalToday } from '../shared/clinical-time';
import { describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors';
import { parseOrThrow } from '../shared/validation';
import { patientInputSchema, patientPatchSchema, roomMaxLength, roomTooLong, type PatientInput } from './patient.schemas';

const valid: PatientInput = {
  nameGiven: ['Jan'],
  namePrefix: 'de',
  familyName: 'Vries',
  bsn: '123456782',
  birthDate: '1971-04-12',
  gender: 'male',
  address: { street: 'Dorpsstraat 1', postalCode: '3511ab', city: 'Utrecht' },
  contact: { phone: '06 12345678', email: 'jan@voorbeeld.nl' },
  insurance: { company: 'CZ', policyNumber: '123' },
};

function fieldsOf(input: PatientInput): Record<string, string> {
  try {
    parseOrThrow(patientInputSchema, input);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError & { details: { fields: Record<string, string> } }).details.fields;
  }
  return {};
}

describe('patient validation', () => {
  it('accepts a complete patient and normalises the postal code', () => {
    const parsed = parseOrThrow(patientInputSchema, valid);
    expect(parsed.address.postalCode).toBe('3511 AB');
    expect(parsed.johnDoe).toBe(false);
  });

  it.each([
    ['12345678', 'Een BSN bestaat uit precies 9 cijfers.'],
    ['12345678a', 'Een BSN bestaat uit precies 9 cijfers.'],
    ['123456789', 'Dit BSN is ongeldig: het voldoet niet aan de elfproef.'],
    ['000000000', 'Dit BSN is ongeldig: het voldoet niet aan de elfproef.'],
  ])('refuses BSN %s with a Dutch message', (bsn, message) => {
    expect(fieldsOf({ ...valid, bsn })).toEqual({ bsn: message });
  });

  it('accepts a BSN typed with spaces or dots', () => {
    expect(parseOrThrow(patientInputSchema, { ...valid, bsn: '1234.56.782' }).bsn).toBe('123456782');
  });

  it('requires a BSN unless the patient is a John Doe crisis admission', () => {
    expect(fieldsOf({ ...valid, bsn: '' })).toEqual({ bsn: 'Vul het BSN in, of markeer de patiënt als onbekend (NN).' });
    const johnDoe = parseOrThrow(patientInputSchema, { nameGiven: [], johnDoe: true });
    expect(johnDoe.johnDoe).toBe(true);
    expect([johnDoe.bsn, johnDoe.birthDate, johnDoe.familyName]).toEqual([undefined, undefined, undefined]);
  });

  it('still checks a BSN given for a John Doe', () => {
    expect(fieldsOf({ johnDoe: true, bsn: '123456789' })).toEqual({ bsn: 'Dit BSN is ongeldig: het voldoet niet aan de elfproef.' });
  });

  it('refuses a birth date in the future, and accepts today', () => {
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    expect(fieldsOf({ ...valid, birthDate: tomorrow })).toEqual({ birthDate: 'De geboortedatum kan niet in de toekomst liggen.' });
    expect(parseOrThrow(patientInputSchema, { ...valid, birthDate: clinicalToday() }).birthDate).toBe(clinicalToday());
    expect(fieldsOf({ ...valid, birthDate: '1980-02-31x' })).toEqual({ birthDate: 'Vul een geldige geboortedatum in.' });
  });

  it('names each missing or malformed field in Dutch', () => {
    expect(
      fieldsOf({
        nameGiven: [],
        familyName: '',
        bsn: '',
        birthDate: '',
        address: { postalCode: '0123 AB' },
        contact: { email: 'geen-mail', phone: 'bel me' },
        gender: 'mannelijk' as PatientInput['gender'],
      }),
    ).toEqual({
      gender: 'Kies een geslacht uit de lijst.',
      'address.postalCode': 'Vul een geldige postcode in, bijvoorbeeld 1234 AB.',
      'contact.phone': 'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678.',
      'contact.email': 'Vul een geldig e-mailadres in.',
    });
    expect(fieldsOf({ ...valid, nameGiven: [], familyName: '', birthDate: '' })).toEqual({
      familyName: 'Vul de achternaam in.',
      nameGiven: 'Vul minimaal één voornaam in.',
      birthDate: 'Vul de geboortedatum in.',
    });
  });

  it('refuses the postal codes that do not exist (SA, SD, SS)', () => {
    expect(fieldsOf({ ...valid, address: { postalCode: '1234 SS' } })).toHaveProperty(['address.postalCode']);
  });
});

describe('the room', () => {
  it('keeps an absent room, clears an empty one, and trims a given one', () => {
    expect(parseOrThrow(patientInputSchema, valid).room).toBeUndefined();
    expect(parseOrThrow(patientInputSchema, { ...valid, room: '' }).room).toBeNull();
    expect(parseOrThrow(patientInputSchema, { ...valid, room: null }).room).toBeNull();
    expect(parseOrThrow(patientInputSchema, { ...valid, room: ' Kamer 3 bed 2 ' }).room).toBe('Kamer 3 bed 2');
  });

  it('refuses a room longer than 20 characters, on two lines, or with a hidden character', () => {
    expect(fieldsOf({ ...valid, room: 'x'.repeat(roomMaxLength) })).toEqual({});
    expect(fieldsOf({ ...valid, room: 'x'.repeat(roomMaxLength + 1) })).toEqual({ room: roomTooLong });
    expect(fieldsOf({ ...valid, room: 'K1\nK2' })).toEqual({ room: 'Een kamer past op één regel, zonder tabs of regeleinden.' });
    expect(Object.keys(fieldsOf({ ...valid, room: 'K\u202E12' }))).toEqual(['room']);
  });

  it('is the only field PATCH takes', () => {
    expect(parseOrThrow(patientPatchSchema, { room: 'K12' })).toEqual({ room: 'K12' });
    expect(parseOrThrow(patientPatchSchema, { room: '' })).toEqual({ room: null });
    expect(patientPatchSchema.safeParse({ room: 'K12', familyName: 'X' }).success).toBe(false);
    expect(patientPatchSchema.safeParse({}).success).toBe(false);
  });
});
