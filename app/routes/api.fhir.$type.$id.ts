import { clinicalResource } from '../../domain/fhir/resources';
import { fhirWritesOf } from '../../domain/fhir/fhir-writes.use-cases';
import { expectedVersion } from '../../domain/patient/patient.fhir';
import { readResponse } from '../fhir-search.server';
import { fhirResponse, fhirRoute, fhirWriteResponse, readJson, strictHandling } from '../fhir.server';
import { methodNotAllowed } from '../http.server';
import { perform } from '../tenant.server';

/** Read of one clinical resource, with its version as ETag. */
export const loader = fhirRoute(async ({ params, actor }) => {
  const { resource, etag } = await readResponse(actor, params.type ?? '', params.id ?? '');
  return fhirResponse(resource, { headers: { ETag: etag } });
});

/** Update, where the record can change the resource (ADR 0098): `If-Match` names the version changed. */
export const action = fhirRoute(async ({ request, params, actor }) => {
  const type = params.type ?? '';
  clinicalResource(type);
  const { update } = fhirWritesOf(type);
  if (!update || request.method !== 'PUT') throw methodNotAllowed(update ? ['GET', 'PUT'] : ['GET']);
  const version = expectedVersion(request.headers.get('if-match'));
  const body = await readJson(request);
  const { resource, unstored, successor } = await perform(actor, update, {
    id: params.id ?? '',
    body,
    version: version === undefined ? undefined : String(version),
    strict: strictHandling(request),
  });
  return fhirWriteResponse(
    request,
    resource,
    { message: successor ? `${type} is gecorrigeerd; de juiste waarde staat in ${successor}.` : `${type} is bijgewerkt.`, unstored },
    {
      headers: {
        ETag: `W/"${resource.meta?.versionId ?? '1'}"`,
        // RFC 5829: where the record keeps the corrected value (a measurement's correction is a new Observation).
        ...(successor ? { Link: `<${new URL(`/api/fhir/${successor}`, request.url).href}>; rel="successor-version"` } : {}),
      },
    },
  );
});
