import type { Bundle } from '@medplum/fhirtypes';
import type { AuditActor } from '../domain/audit/audit.service';
import { clinicalUseCasesOf } from '../domain/fhir/fhir.use-cases';
import { clinicalResource } from '../domain/fhir/resources';
import { searchsetBundle, type SearchDefinition } from '../domain/fhir/search';
import { toFhirPatient } from '../domain/patient/patient.fhir';
import { patientSearch } from '../domain/patient/patient.fhir-search';
import { searchFhirPatientsOf } from '../domain/patient/patient.use-cases';
import { requireBodyType, strictHandling } from './fhir.server';
import { perform } from './tenant.server';

/** `POST <type>/_search`: the URL's parameters and the form body's together, as FHIR says. */
export async function postedQuery(request: Request): Promise<URLSearchParams> {
  requireBodyType(request, 'form');
  const query = new URLSearchParams(new URL(request.url).search);
  for (const [name, value] of new URLSearchParams(await request.text())) query.append(name, value);
  return query;
}

const defaultSort = (search: SearchDefinition) => Object.keys(search.sortOrders)[0]!;

/** GET <type>?… and POST <type>/_search share this: one audited search, one searchset Bundle. */
export async function searchBundle(actor: AuditActor, request: Request, type: string, query: URLSearchParams): Promise<Bundle> {
  const selfUrl = new URL(`/api/fhir/${type}`, request.url);
  const strict = strictHandling(request);
  if (type === 'Patient') {
    const { page, search, contacts } = await perform(actor, searchFhirPatientsOf, { query, strict });
    const resources = page.items.map((patient) => toFhirPatient(patient, contacts.get(patient.id)));
    return searchsetBundle({ ...page, resources }, selfUrl, search, defaultSort(patientSearch));
  }
  const definition = clinicalResource(type);
  const { page, search } = await perform(actor, clinicalUseCasesOf(type).search, { query, strict });
  return searchsetBundle(page, selfUrl, search, defaultSort(definition.search));
}

/** One clinical resource by id, with its version as ETag. */
export async function readResponse(actor: AuditActor, type: string, id: string) {
  const { resource } = await perform(actor, clinicalUseCasesOf(type).read, { id });
  return { resource, etag: `W/"${resource.meta?.versionId ?? '1'}"` };
}
