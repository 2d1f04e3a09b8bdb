import { describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors';
import { parseOrThrow } from '../shared/validation';
import { contactPersonSchema } from './contact-persons.schemas';

describe('contact person input', () => {
  it('trims, and stores empty phone and e-mail as absent', () => {
    expect(parseOrThrow(contactPersonSchema, { name: '  Marie Jansen ', relation: 'moeder', phone: '', email: ' ' })).toEqual({
      name: 'Marie Jansen',
      relation: 'moeder',
      phone: null,
      email: null,
    });
  });

  it('names every wrong field in Dutch', () => {
    try {
      parseOrThrow(contactPersonSchema, { name: '', relation: 'buurjongen', phone: 'bel maar', email: 'marie@' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).details).toEqual({
        fields: {
          name: 'Vul de naam in.',
          relation: 'Kies de relatie tot de patiënt.',
          phone: 'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678.',
          email: 'Vul een geldig e-mailadres in.',
        },
      });
    }
  });
});
