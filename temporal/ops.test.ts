import { Client, Connection } from '@temporalio/client';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AppError } from '../domain/shared/errors';
import { errorFromCloseEvent, failureCause, failureChain, recentWorkflows, temporalUnavailableMessage, visibilityQuery } from './ops';

describe('visibility query', () => {
  it('combines the filters, or asks for everything', () => {
    expect(visibilityQuery({})).toBeUndefined();
    expect(visibilityQuery({ status: 'Failed' })).toBe("ExecutionStatus = 'Failed'");
    expect(visibilityQuery({ status: 'Running', type: 'intentChain' })).toBe(
      "WorkflowType = 'intentChain' AND ExecutionStatus = 'Running'",
    );
  });
});

describe('why a run ended', () => {
  const activityFailure = {
    message: 'Activity task failed',
    activityFailureInfo: { activityType: { name: 'collectHandoverSources' } },
    cause: { message: 'Patiënt niet gevonden.', applicationFailureInfo: { type: 'AppError' }, stackTrace: 'at secret (file.ts:1)' },
  };

  it('follows a failure from the workflow down to the root cause, in Dutch where Temporal words it, without stack traces', () => {
    expect(failureChain(activityFailure)).toEqual([
      { label: 'Activiteit collectHandoverSources', message: 'De activiteit is mislukt' },
      { label: 'Fout (AppError)', message: 'Patiënt niet gevonden.' },
    ]);
    expect(errorFromCloseEvent({ workflowExecutionFailedEventAttributes: { failure: activityFailure } })).toEqual({
      cause: 'Een stap van de workflow mislukte.',
      summary: 'Fout (AppError): Patiënt niet gevonden.',
      chain: failureChain(activityFailure),
    });
  });

  it('names a timeout, a termination and its reason', () => {
    expect(failureChain({ message: 'timed out', timeoutFailureInfo: {} })).toEqual([
      { label: 'Tijdslimiet verstreken', message: 'timed out' },
    ]);
    expect(errorFromCloseEvent({ workflowExecutionTerminatedEventAttributes: { reason: 'handmatig gestopt' } })?.summary).toBe(
      'Beëindigd: handmatig gestopt',
    );
    expect(errorFromCloseEvent({ workflowExecutionTerminatedEventAttributes: {} })?.summary).toBe('Beëindigd zonder opgegeven reden.');
    expect(errorFromCloseEvent({ workflowExecutionTimedOutEventAttributes: {} })?.summary).toBe(
      'De workflow overschreed zijn tijdslimiet.',
    );
    expect(errorFromCloseEvent({ workflowExecutionCompletedEventAttributes: {} })).toBeNull();
  });

  it('says why in Dutch from the kind of failure, never quoting its message', () => {
    const failedStep = (type: string, retryState: number) => ({
      message: 'Activity task failed',
      activityFailureInfo: { activityType: { name: 'checkDatabase' }, retryState },
      cause: { message: 'Jan de Vries: connection refused', applicationFailureInfo: { type } },
    });
    const causes = [
      failureCause(failedStep('DatabaseUnavailable', 2)),
      failureCause(failedStep('Error', 4)),
      failureCause(failedStep('ActorRefused', 2)),
      failureCause({ message: 'Activity task timed out', activityFailureInfo: {}, cause: { message: 'x', timeoutFailureInfo: {} } }),
      failureCause({ message: 'boom', applicationFailureInfo: { type: 'TypeError' } }),
    ];
    expect(causes).toEqual([
      'De database was niet bereikbaar voor een stap van de workflow; deze fout wordt niet herhaald.',
      'Een stap van de workflow mislukte, ook na alle herhalingen.',
      'De workflow had geen geldige machtiging van de app (niet ondertekend, verlopen of al gebruikt); er is niets voor een zorgverlener gedaan.',
      'Een stap van de workflow kreeg binnen zijn tijdslimiet geen antwoord, ook niet na herhalen.',
      'De workflow liep vast in zijn eigen verloop, niet in een stap: meestal een programmeerfout, die blijft tot een nieuwe versie.',
    ]);
    for (const cause of causes) expect(cause).not.toMatch(/Jan|connection|boom/);
    expect(errorFromCloseEvent({ workflowExecutionTerminatedEventAttributes: { reason: 'x' } })?.cause).toBe(
      'Handmatig beëindigd in Temporal.',
    );
    expect(errorFromCloseEvent({ workflowExecutionTimedOutEventAttributes: {} })?.cause).toBe(
      'De workflow overschreed zijn totale tijdslimiet.',
    );
  });

  it('caps a long message and a deep chain', () => {
    const deep = Array.from({ length: 10 }).reduce<object | undefined>((cause) => ({ message: 'x'.repeat(2000), cause }), undefined);
    const chain = failureChain(deep as Parameters<typeof failureChain>[0]);
    expect(chain).toHaveLength(6);
    expect(chain[0]!.message).toHaveLength(1001);
  });
});

describe('Temporal unavailable', () => {
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  it('is the Dutch "unavailable" error, not a crash', async () => {
    const address = `127.0.0.1:${await closedPort()}`;
    const connect = async () => new Client({ connection: await Connection.connect({ address, connectTimeout: '1 second' }) });
    const error = await recentWorkflows(connect, {}, '00000000-0000-4000-8000-000000000001').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'unavailable', status: 503, message: temporalUnavailableMessage });
  });
});
