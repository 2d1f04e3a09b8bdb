import { describe, expect, it } from 'vitest';
import { z } from './validation';
import { AppError, toErrorBody } from './errors';
import { parseOrThrow } from './validation';

describe('error mapping', () => {
  it('maps the product error to its status and Dutch body', () => {
    expect(toErrorBody(AppError.unauthorized(), true)).toEqual({
      status: 401,
      body: { error: { code: 'unauthorized', message: 'Sessie verlopen, log opnieuw in.' } },
    });
    expect(toErrorBody(AppError.forbidden(), true).body.error.message).toBe('Geen toegang tot deze afspraak.');
  });

  it('hides the cause of unexpected errors in production and shows it in development', () => {
    const production = toErrorBody(new Error('relation "x" does not exist'), true);
    expect(production).toEqual({
      status: 500,
      body: { error: { code: 'internal', message: 'Er ging iets mis op de server, probeer het opnieuw.' } },
    });
    const development = toErrorBody(new Error('boom'), false);
    expect(development.body.error.details).toMatchObject({ name: 'Error' });
  });

  it('gives validation failures per-field Dutch messages, with details only outside production', () => {
    const schema = z.object({ naam: z.string().min(2), leeftijd: z.number() });
    let error: unknown;
    try {
      parseOrThrow(schema, { naam: 'a' });
    } catch (caught) {
      error = caught;
    }
    const { status, body } = toErrorBody(error, true);
    expect(status).toBe(400);
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields ?? {})).toEqual(['naam', 'leeftijd']);
    expect(body.error.fields?.naam).toMatch(/te kort|minimaal|moet/i);
    expect(body.error.details).toBeUndefined();
  });
});
