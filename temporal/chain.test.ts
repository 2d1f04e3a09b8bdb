import { Client, Connection } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { newPayloadKey, parsePayloadKeys } from '../domain/config/payload-keys';
import { ActorGrants } from './actor-grant';
import { chainState, startChain } from './chain';

const action = (intent: string, entities: Record<string, unknown> = {}) => ({ intent, entities, confidence: 0.9 });

describe('when Temporal does not answer', () => {
  const nowhere = {
    client: new Client({ connection: Connection.lazy({ address: '127.0.0.1:9', connectTimeout: '500 ms' }) }),
    grants: new ActorGrants(parsePayloadKeys(newPayloadKey())),
  };
  const actor = { organisationId: 'o', userId: 'u', role: 'verpleegkundige', channel: 'assistant' } as const;

  it('answers in Dutch that the assistant is unavailable, after validating the request', async () => {
    await expect(startChain(nowhere, actor, { actions: [action('dagnotitie')] })).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(startChain(nowhere, actor, { actions: [action('zoeken', { patientName: 'Jan' })] })).rejects.toMatchObject({
      code: 'unavailable',
      message: 'Deze functie is tijdelijk niet beschikbaar, probeer het later opnieuw.',
    });
  });

  it('does not even ask for an id that cannot be a chain', async () => {
    await expect(chainState(nowhere, actor, 'niet-een-id')).rejects.toMatchObject({
      code: 'not_found',
      message: 'Deze opdracht van de assistent is niet gevonden.',
    });
  });
});
