import {
  ApplicationFailure,
  Client,
  Connection,
  isGrpcServiceError,
  ServiceError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
  type DataConverter,
} from '@temporalio/client';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry';
import { createConnection } from 'node:net';
import { defineSearchAttributeKey, SearchAttributeType, TypedSearchAttributes, type Duration } from '@temporalio/common';
import type { PayloadKey } from '../domain/config/payload-keys';
import { AppError, dutchMessages, type ErrorCode } from '../domain/shared/errors';
import { ActorGrants } from './actor-grant';
import { EncryptionCodec } from './codec';

/*
 * The app's one Temporal client layer (ADR 0025): the connection with the encrypting codec, the
 * signatures on the actors workflows act for, and the one wrapper that turns "Temporal out of
 * reach" into the Dutch 503. The per-process modules beside this file start, update and describe
 * workflows through it; `domain/` knows nothing of Temporal.
 */

/** What every client function needs: the client, and the signer of the actors it passes on. */
export interface TemporalDeps {
  client: Client;
  grants: ActorGrants;
  /** Tests and benches run workflows on a worker of their own. */
  taskQueue?: string;
}

export interface TemporalSettings {
  address: string;
  namespace: string;
  payloadKeys: readonly PayloadKey[];
  /** The queue workflows are started on, when not the product's (TEMPORAL_TASK_QUEUE). */
  taskQueue?: string;
}

export const missingKeys =
  'TEMPORAL_PAYLOAD_KEYS is not set: Temporal must never see patient data unencrypted (make dev writes a development key to .data/; ADR 0025)';

/**
 * The data converter of the client, the worker and the tests alike: every payload through the
 * encrypting codec. Failure messages are not encrypted, so operators can read why a run failed;
 * they carry no patient data (`workers/failures.ts`).
 */
export function temporalDataConverter(keys: readonly PayloadKey[]): DataConverter {
  if (keys.length === 0) throw new Error(missingKeys);
  return { payloadCodecs: [new EncryptionCodec(keys)] };
}

/** Who is told when a call of a client finds Temporal out of reach (`connectTemporal`'s `onUnreachable`). */
const unreachableListeners = new WeakMap<Client, (error: unknown) => void>();

/**
 * Connects eagerly (a failure is the caller's 503); `connectTimeout` bounds a server that never
 * answers. `onUnreachable` hears of every call that later finds Temporal out of reach.
 */
export async function connectTemporal(
  settings: TemporalSettings,
  connectTimeout: Duration = '2 seconds',
  onUnreachable?: (error: unknown) => void,
): Promise<TemporalDeps> {
  const dataConverter = temporalDataConverter(settings.payloadKeys);
  const connection = await Connection.connect({ address: settings.address, connectTimeout });
  // Starts, updates and queries carry the request's trace context in their headers (ADR 0086); with
  // tracing off there is no active span and the interceptor adds nothing.
  const interceptors = { workflow: [new OpenTelemetryWorkflowClientInterceptor()] };
  const client = new Client({ connection, namespace: settings.namespace, dataConverter, interceptors });
  if (onUnreachable) unreachableListeners.set(client, onUnreachable);
  return { client, grants: new ActorGrants(settings.payloadKeys), ...(settings.taskQueue ? { taskQueue: settings.taskQueue } : {}) };
}

/**
 * Whether anything accepts a TCP connection on `host:port` within `ms`: tells Temporal gone (or
 * its address closed) from a call that was only slow (a busy worker behind an Update).
 */
export function acceptsConnections(address: string, ms = 500): Promise<boolean> {
  const separator = address.lastIndexOf(':');
  return new Promise((resolve) => {
    const socket = createConnection({ host: address.slice(0, separator), port: Number(address.slice(separator + 1)), timeout: ms });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** Calls that answer at once (start, describe, query, signal) get a deadline: Temporal going away must not hang a request. */
export const callMs = 3000;

/**
 * One quick round trip before a call that may rightly wait long (a restarting worker accepting an
 * Update): a Temporal that is gone is the Dutch 503 within `callMs`, not after the whole wait.
 */
export async function assertReachable(client: Client): Promise<void> {
  await temporalCall(client, () => client.workflowService.getSystemInfo({}));
}

export function isUnreachable(error: unknown): boolean {
  return error instanceof ServiceError || isGrpcServiceError(error) || error instanceof WorkflowUpdateRPCTimeoutOrCancelledError;
}

/** One call to Temporal within `ms`; unreachable or too slow → the Dutch 503. Other errors pass on. */
export async function temporalCall<T>(client: Client, call: () => Promise<T>, ms = callMs): Promise<T> {
  try {
    return await client.withDeadline(Date.now() + ms, call);
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    unreachableListeners.get(client)?.(error);
    throw new AppError('unavailable', dutchMessages.unavailable);
  }
}

const codes = new Set<string>(['not_found', 'forbidden', 'conflict', 'validation_failed']);

/**
 * An Update a workflow's validator (or handler) refused, as the AppError it stands for: validators
 * throw `ApplicationFailure`s typed with an error code (`workflows/rejection.ts`). Anything else
 * passes on unchanged.
 */
export function asRejection(error: unknown): unknown {
  const failure = error instanceof WorkflowUpdateFailedError ? error.cause : undefined;
  if (failure instanceof ApplicationFailure && failure.type && codes.has(failure.type)) {
    const [fields] = (failure.details ?? []) as [Record<string, string> | undefined];
    return fields ? AppError.validation(fields, failure.message) : new AppError(failure.type as ErrorCode, failure.message);
  }
  return error;
}

/**
 * The organisation a run works for, as a search attribute set at every start (issue 39, point 10):
 * the ops page lists one organisation's runs. An id, never a name. Registered on the server
 * (`scripts/lib/temporal.ts`; in production `temporal operator search-attribute create`).
 */
export const organisationSearchAttribute = defineSearchAttributeKey('OrganisationId', SearchAttributeType.KEYWORD);

export function organisationAttributes(organisationId: string): TypedSearchAttributes {
  return new TypedSearchAttributes([{ key: organisationSearchAttribute, value: organisationId }]);
}
