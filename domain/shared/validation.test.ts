import { describe, expect, it } from 'vitest';
import { isCalendarDate, isPlausibleInstant, wallClockToIso } from './clinical-time';
import { AppError, toErrorBody } from './errors';
import { decimalOf, hiddenCharacterFields, parseOrThrow, z } from './validation';

describe('the input rules every schema inherits (issue 39)', () => {
  it('refuses NUL, other control characters and bidi overrides by field, anywhere in the input; allows tabs, newlines and RTL marks', () => {
    const input = {
      content: 'a\u0000b',
      nested: { items: ['ok', 'Bel\u0007'] },
      note: '\u202Etnegilgen',
      esc: '\u001b[31m',
      fine: 'r1\tr2\nr3\u200F',
    };
    expect(Object.keys(hiddenCharacterFields(input)).sort()).toEqual(['content', 'esc', 'nested.items.1', 'note']);
    expect(() => parseOrThrow(z.object({ content: z.string() }), { content: 'x\u0000' })).toThrow(AppError);
    try {
      parseOrThrow(z.object({ content: z.string() }), { content: 'x\u2066' });
    } catch (error) {
      expect((error as AppError).details).toEqual({ fields: { content: expect.stringContaining('stuurteken') } });
    }
  });

  it('reads numbers as people write them, never hex, exponents or other scripts', () => {
    expect(decimalOf('80')).toBe(80);
    expect(decimalOf(' 36,8 ')).toBe(36.8);
    for (const odd of ['0x50', '1e2', 'Infinity', '٨٠', '１２', '0b101', '']) expect(decimalOf(odd)).toBeNaN();
  });

  it('takes only real dates within the plausible bounds, also on the ward clock', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    for (const date of ['2026-02-30', '2026-11-31', '0000-01-01', '0001-01-01', '9999-12-31']) expect(isCalendarDate(date)).toBe(false);
    expect(isPlausibleInstant('2026-11-25T14:05:00+01:00')).toBe(true);
    for (const instant of ['-000001-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '2026-02-30T10:00:00Z', '0001-01-01T00:00:00Z'])
      expect(isPlausibleInstant(instant)).toBe(false);
    expect(wallClockToIso('0000-01-01T10:00')).toBeNull();
    expect(wallClockToIso('0099-01-01T10:00')).toBeNull();
  });

  it('a 500 in production carries no details and no stack', () => {
    const error = new Error('invalid byte sequence for encoding "UTF8": 0x00');
    const { status, body } = toErrorBody(error, true);
    expect(status).toBe(500);
    expect(body.error).toEqual({ code: 'internal', message: 'Er ging iets mis op de server, probeer het opnieuw.' });
    expect(JSON.stringify(body)).not.toMatch(/stack|UTF8|at /);
  });
});
