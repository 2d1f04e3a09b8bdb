import type { Bundle, Resource } from '@medplum/fhirtypes';
import type { AuditActor } from '../domain/audit/audit.service';
import { historyFeed, versionRead } from '../domain/fhir/fhir.use-cases';
import { feedTypes, inFeed, instanceHistory, parseHistoryQuery, systemFeedTypes } from '../domain/fhir/history';
import type { CanRead } from '../domain/fhir/include';
import { clinicalResource } from '../domain/fhir/resources';
import { AppError } from '../domain/shared/errors';
import { perform } from './tenant.server';

/*
 * Sync (ADR 0097): the changes feed (`_history` with `_since`) and vread. The parameters are read
 * before the use case runs, so a bad `_since` is a 400 naming it; the feed's rows in the access log
 * are the use case's.
 */

const selfOf = (request: Request) => new URL(new URL(request.url).pathname, request.url).toString();

/** `GET <type>/_history`: the feed of one type; a served type outside the feed says why. */
export async function typeHistory(actor: AuditActor, request: Request, type: string): Promise<Bundle> {
  if (type !== 'Patient') clinicalResource(type);
  if (!inFeed(type))
    throw AppError.notFound(
      `${type}/_history wordt niet ondersteund: ${type} staat niet in de wijzigingen. Wijzigingen zijn er voor ${feedTypes.join(', ')}.`,
    );
  const query = parseHistoryQuery(new URL(request.url).searchParams);
  const { bundle } = await perform(actor, historyFeed(type), { types: [type], query, selfUrl: selfOf(request) });
  return bundle;
}

/** `GET [base]/_history`: every feed type the caller's scopes cover, in one ordered list. */
export async function systemHistory(actor: AuditActor, request: Request, canRead: CanRead): Promise<Bundle> {
  const query = parseHistoryQuery(new URL(request.url).searchParams);
  const types = systemFeedTypes(canRead);
  if (!types.length)
    throw AppError.forbidden(
      `Dit toegangstoken geeft geen recht op lezen van ${feedTypes.join(', ')}; _history heeft er minstens één nodig.`,
    );
  const { bundle } = await perform(actor, historyFeed('Bundle'), { types, query, selfUrl: selfOf(request) });
  return bundle;
}

/** `GET <type>/<id>/_history/<vid>` (vid) or `<type>/<id>/_history` (none): the version the record keeps. */
export async function versionOf(actor: AuditActor, request: Request, type: string, id: string, versionId: string | null) {
  const { versions } = await perform(actor, versionRead(type), { id, versionId });
  const resource: Resource = versions[0]!;
  return versionId === null
    ? { body: instanceHistory(versions, request.url) as unknown, etag: undefined }
    : { body: resource as unknown, etag: `W/"${resource.meta?.versionId ?? '1'}"` };
}
