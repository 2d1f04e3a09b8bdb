import type { AppLoadContext } from '@remix-run/node';
import { recordRouteRefusal, type AuditActor } from '../domain/audit/audit.service';
import type { AuditAction } from '../domain/audit/audit.entity';
import { runUseCase, type UseCase } from '../domain/audit/use-case';
import type { CurrentUser } from '../domain/auth/session.service';
import type { EntityManager } from '../domain/db/orm';
import { withTenant } from '../domain/db/tenant';
import { uuidOrNull } from '../domain/shared/ids';
import { getOrm } from './services.server';

export function actorFor(user: CurrentUser, context: AppLoadContext, channel: AuditActor['channel']): AuditActor {
  return {
    organisationId: user.organisationId,
    userId: user.id,
    role: user.role,
    channel,
    clientAddress: context.clientAddress ?? null,
    sessionId: user.sessionId,
  };
}

/** Runs a use case in the user's organisation (RLS) with its own EntityManager and transaction. */
export async function inTenant<T>(user: CurrentUser, work: (em: EntityManager) => Promise<T>): Promise<T> {
  return withTenant(await getOrm(), { organisationId: user.organisationId, userId: user.id }, work);
}

/** Runs a declared use case for the actor (ADR 0068): tenant, permission, input, access log and domain errors in one place. */
export async function perform<Input, Output>(actor: AuditActor, useCase: UseCase<Input, Output>, input: Input): Promise<Output> {
  return runUseCase(await getOrm(), actor, useCase, input);
}

const actionByMethod: Record<string, AuditAction> = {
  GET: 'read',
  HEAD: 'read',
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};
// Where a URL names a patient: record pages, the FHIR Patient, the handover, and the treatment plan
// when read (a PUT there names a plan version), else the `patientId` of the query.
const patientInPath = /^\/(?:patients|api\/patients|api\/fhir\/Patient|api\/overdracht)\/([0-9a-f-]{36})(?:\/|$)/i;
const patientOfPlanRead = /^\/api\/behandelplan\/([0-9a-f-]{36})$/i;

function patientNamedBy(request: Request, url: URL): string | null {
  const inPath = url.pathname.match(patientInPath) ?? (request.method === 'GET' ? url.pathname.match(patientOfPlanRead) : null);
  return uuidOrNull(inPath?.[1]) ?? uuidOrNull(url.searchParams.get('patientId'));
}

// A page's loaders run side by side, each with its own Request and each refusing: one attempt,
// one row. Refusals of the same session, method and URL under way at once share one write.
const refusalsUnderWay = new Map<string, Promise<void>>();

/**
 * A signed-in user refused a patient route (the beheerder on a clinical page or API, ADR 0015): the
 * attempt goes into the access log as `denied`, with the patient the URL names (NEN 7513). Logging
 * must not turn the refusal into an error: a failure to write it is reported, not thrown.
 */
export function recordRefusal(user: CurrentUser, request: Request, context: AppLoadContext): Promise<void> {
  const key = `${user.sessionId} ${request.method} ${request.url}`;
  let underWay = refusalsUnderWay.get(key);
  if (!underWay) {
    underWay = writeRefusal(user, request, context).finally(() => refusalsUnderWay.delete(key));
    refusalsUnderWay.set(key, underWay);
  }
  return underWay;
}

async function writeRefusal(user: CurrentUser, request: Request, context: AppLoadContext): Promise<void> {
  const url = new URL(request.url);
  const patientId = patientNamedBy(request, url);
  const actor = actorFor(user, context, url.pathname.startsWith('/api/') ? 'api' : 'web');
  await inTenant(user, async (em) =>
    recordRouteRefusal(em, actor, {
      action: actionByMethod[request.method] ?? 'read',
      method: request.method,
      path: url.pathname,
      patientId,
    }),
  ).catch((error: unknown) => console.error(`[audit] refusal not logged: ${error instanceof Error ? error.name : 'unknown'}`));
}
