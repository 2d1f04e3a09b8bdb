import type { Bundle } from '@medplum/fhirtypes';
import type { AuditActor } from '../domain/audit/audit.service';
import { readClinical, searchClinical } from '../domain/fhir/clinical';
import { clinicalResource } from '../domain/fhir/resources';
import { searchsetBundle, type SearchDefinition } from '../domain/fhir/search';
import { contactPersonsByPatient } from '../domain/patient/contact-persons';
import { toFhirPatient } from '../domain/patient/patient.fhir';
import { uuidOrNull } from '../domain/shared/ids';
import { patientSearch, searchFhirPatients } from '../domain/patient/patient.fhir-search';
import { requireBodyType, strictHandling } from './fhir.server';
import { audited } from './tenant.server';

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
    const { page, search, contacts } = await audited(actor, { action: 'search', resourceType: 'Patient' }, async (em) => {
      const found = await searchFhirPatients(em, actor, query, { strict });
      return {
        ...found,
        contacts: await contactPersonsByPatient(
          em,
          found.page.items.map((patient) => patient.id),
        ),
      };
    });
    const resources = page.items.map((patient) => toFhirPatient(patient, contacts.get(patient.id)));
    return searchsetBundle({ ...page, resources }, selfUrl, search, defaultSort(patientSearch));
  }
  const definition = clinicalResource(type);
  const { page, search } = await audited(actor, { action: 'search', resourceType: type }, (em) =>
    searchClinical(em, actor, definition, query, { strict }),
  );
  return searchsetBundle(page, selfUrl, search, defaultSort(definition.search));
}

/** One clinical resource by id, with its version as ETag. */
export async function readResponse(actor: AuditActor, type: string, id: string) {
  const definition = clinicalResource(type);
  const resource = await audited(actor, { action: 'read', resourceType: type, resourceId: uuidOrNull(id) }, (em) =>
    readClinical(em, actor, definition, id),
  );
  return { resource, etag: `W/"${resource.meta?.versionId ?? '1'}"` };
}
