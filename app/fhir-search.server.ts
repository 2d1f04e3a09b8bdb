import type { AuditActor } from '../domain/audit/audit.service';
import { contactPersonsByPatient } from '../domain/patient/contact-persons';
import { searchsetBundle } from '../domain/patient/patient.fhir';
import { searchFhirPatients } from '../domain/patient/patient.fhir-search';
import { audited } from './tenant.server';

/** `Prefer: handling=strict` turns an unknown search parameter into a 400 instead of ignoring it. */
export function strictHandling(request: Request): boolean {
  return /(?:^|[,;\s])handling\s*=\s*strict(?:$|[,;\s])/i.test(request.headers.get('prefer') ?? '');
}

/** GET Patient?… and POST Patient/_search share this: one audited search, one Bundle. */
export async function patientSearchBundle(actor: AuditActor, request: Request, query: URLSearchParams) {
  const url = new URL(request.url);
  const { page, applied, sort, contacts } = await audited(actor, { action: 'search', resourceType: 'Patient' }, async (em) => {
    const found = await searchFhirPatients(em, actor, query, { strict: strictHandling(request) });
    return { ...found, contacts: await contactPersonsByPatient(em, found.page.items.map((patient) => patient.id)) };
  });
  return searchsetBundle(page, new URL(url.pathname.replace(/\/_search$/, ''), url), contacts, applied, sort);
}
