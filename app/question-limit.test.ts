import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AiPort } from '../domain/ai/ai.port';
import { AppError } from '../domain/shared/errors';
import { limitQuestion } from './assistant.server';

const withModel = { configured: true } as AiPort;
const withoutModel = { configured: false } as AiPort;

describe('the limit on questions to the record that a model answers (ADR 0088)', () => {
  it('refuses the eleventh question of a minute with a Dutch 429 that says when to try again', async () => {
    const clinician = randomUUID();
    for (let question = 0; question < 10; question++) await limitQuestion(clinician, { ai: withModel });
    const refused = await limitQuestion(clinician, { ai: withModel }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'rate_limited' });
    expect((refused as AppError).message).toMatch(/^Je stelt te veel vragen aan het dossier\. Probeer het over \d+ seconden opnieuw\.$/);
    // Another clinician is not held up by it.
    await expect(limitQuestion(randomUUID(), { ai: withModel })).resolves.toBeUndefined();
  });

  it('never limits the record’s own answer: without a model it is a database read', async () => {
    const clinician = randomUUID();
    for (let question = 0; question < 25; question++) await limitQuestion(clinician, { ai: withoutModel });
  });
});
