import { describe, expect, it } from 'vitest';
import { AppError } from '../domain/shared/errors';
import { formFailure, instantOf, parseInstant, valuesOf } from './form.server';

const values = { datum: '2026-11-27', tijd: '10:00' };

/** What `formFailure` threw, for the paths that go to the error page. */
function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (thrown) {
    return thrown;
  }
  throw new Error('nothing was thrown');
}

describe('valuesOf', () => {
  it('reads every field of the form as a string', () => {
    const form = new FormData();
    form.set('intent', 'maatregel');
    form.set('note', '');
    expect(valuesOf(form)).toEqual({ intent: 'maatregel', note: '' });
  });

  it('with names, reads only those, and an absent field as empty', () => {
    const form = new URLSearchParams({ subject: 'Ontslag', other: 'x' });
    expect(valuesOf(form, ['subject', 'text'])).toEqual({ subject: 'Ontslag', text: '' });
  });
});

describe('formFailure', () => {
  it('answers a validation failure with 400, the message, the field messages and the values as typed', async () => {
    const response = formFailure(AppError.validation({ datum: 'Vul een geldige datum in.' }), values);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Controleer de invoer: niet alle velden zijn juist ingevuld.',
      fields: { datum: 'Vul een geldige datum in.' },
      values,
    });
  });

  it("maps the service's field names to the form's and adds what the form needs to find itself", async () => {
    const response = formFailure(AppError.validation({ start: 'Te vroeg.' }), values, {
      mapFields: (fields) => ({ tijd: fields.start ?? '' }),
      extra: { intent: 'verplaatsen' },
    });
    expect(await response.json()).toMatchObject({ fields: { tijd: 'Te vroeg.' }, intent: 'verplaatsen' });
  });

  it('answers a conflict with 409 and the same shape where the form shows conflicts', async () => {
    const response = formFailure(new AppError('conflict', 'Deze maatregel is al beëindigd.'), values, { shows: ['conflict'] });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: 'Deze maatregel is al beëindigd.', fields: {}, values });
  });

  it('sends a conflict the form does not show to the error page, with its Dutch message and status', async () => {
    const thrown = thrownBy(() => formFailure(new AppError('conflict', 'Al gestopt.'), values));
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(409);
    expect(await (thrown as Response).json()).toEqual({ message: 'Al gestopt.' });
  });

  it('shows a refusal to act beside the form that asked it, as a 403', async () => {
    const response = formFailure(AppError.forbidden('Alleen een arts mag dit.'), values, { shows: ['conflict', 'forbidden'] });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: 'Alleen een arts mag dit.', fields: {} });
  });

  it('on a page that says every refusal beside its button, shows Temporal out of reach as a 503, but not an internal error', async () => {
    const unavailable = formFailure(new AppError('unavailable', 'Tijdelijk niet beschikbaar.'), {}, { shows: 'every-refusal' });
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).toEqual({ message: 'Tijdelijk niet beschikbaar.', fields: {}, values: {} });
    const internal = new AppError('internal', 'Er ging iets mis.');
    expect(thrownBy(() => formFailure(internal, {}, { shows: 'every-refusal' }))).toBe(internal);
  });

  it('sends not found to the error page as a 404', () => {
    const thrown = thrownBy(() => formFailure(AppError.notFound(), values, { shows: ['conflict', 'forbidden'] }));
    expect((thrown as Response).status).toBe(404);
  });

  it('rethrows anything else as it is, for the 500 page', () => {
    const bug = new TypeError('x is undefined');
    expect(thrownBy(() => formFailure(bug, values))).toBe(bug);
  });
});

describe('parseInstant and instantOf', () => {
  it('reads a date and a time on the ward clock, winter and summer', () => {
    expect(parseInstant('2026-11-27', '10:00')).toEqual({ instant: '2026-11-27T10:00:00+01:00', fields: {} });
    expect(instantOf('2026-07-01', '23:59')).toBe('2026-07-01T23:59:00+02:00');
  });

  it.each([
    ['missing date', undefined, '10:00', { datum: 'Vul een geldige datum in.' }],
    ['empty date', '', '10:00', { datum: 'Vul een geldige datum in.' }],
    ['a date the calendar does not have', '2026-02-30', '10:00', { datum: 'Vul een geldige datum in.' }],
    ['missing time', '2026-11-27', undefined, { tijd: 'Vul een geldige tijd in, bijvoorbeeld 10:30.' }],
    ['hour 25', '2026-11-27', '25:70', { tijd: 'Vul een geldige tijd in, bijvoorbeeld 10:30.' }],
    ['minute 60', '2026-11-27', '10:60', { tijd: 'Vul een geldige tijd in, bijvoorbeeld 10:30.' }],
    ['no colon', '2026-11-27', '1030', { tijd: 'Vul een geldige tijd in, bijvoorbeeld 10:30.' }],
  ])('%s: no instant, the message on the field that is wrong', (_, datum, tijd, fields) => {
    expect(parseInstant(datum, tijd)).toEqual({ instant: '', fields });
    const thrown = thrownBy(() => instantOf(datum, tijd));
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).code).toBe('validation_failed');
    expect((thrown as AppError).details).toEqual({ fields });
  });

  it('reads 02:30 on the night summer time starts (a time the clock skips) as the moment an hour later', () => {
    expect(instantOf('2027-03-28', '02:30')).toBe('2027-03-28T03:30:00+02:00');
    expect(new Date(instantOf('2027-03-28', '02:30')).toISOString()).toBe('2027-03-28T01:30:00.000Z');
  });
});
