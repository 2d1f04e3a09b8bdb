import type { DocumentReference } from '@medplum/fhirtypes';
import type { AuditActor } from '../audit/audit.service';
import { runUseCaseWithin } from '../audit/use-case';
import type { EntityManager } from '../db/orm';
import {
  asResourceError,
  bodyOf,
  echoedOf,
  invalidAt,
  patientOfWrite,
  referencedId,
  requireSameId,
  requireVersion,
  unstoredOf,
  type FhirCreateInput,
  type FhirUpdateInput,
  type FhirWritten,
} from '../fhir/write';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { Report } from './report.entity';
import { documentReferenceResource, reportCategorySystem, reportTypeSystem, reportVersion } from './report.fhir';
import { reportCategories, reportTypes } from './report.schemas';
import { reportNotFound } from './report.service';
import { changeReport, writeReport } from './report.use-cases';

/*
 * A report or letter arriving from outside as a FHIR DocumentReference with its text as a
 * plain-text attachment (ADR 0098): written as a report through the reports' own use cases, so the
 * same rules hold as on the Rapportages tab (a type, a dagnotitie's length and category, an
 * appointment of the same patient) with the same Dutch messages. An update is the tab's
 * correction: only the author (here: the koppeling that sent it) corrects, and the version changes.
 */

const at = (path: string) => `DocumentReference.${path}`;
const kept = ['status', 'docStatus', 'type', 'category', 'subject', 'content', 'context'];
const paths = {
  patientId: at('subject'),
  type: at('type'),
  category: at('category'),
  content: at('content[0].attachment.data'),
  encounterId: at('context.related'),
};

const codeIn = (concepts: DocumentReference['category'], system: string) =>
  (concepts ?? []).flatMap((concept) => concept.coding ?? []).find((coding) => coding.system === system)?.code;

/** The report's fields in a DocumentReference; each wrong element a 400 at its FHIRPath. */
function reportFields(resource: DocumentReference) {
  if (resource.status !== 'current')
    throw invalidAt(at('status'), 'Alleen een geldig document (status current) wordt als rapportage vastgelegd.');
  if (resource.docStatus !== undefined && resource.docStatus !== 'final')
    throw invalidAt(at('docStatus'), 'Alleen een definitief document (docStatus final) wordt als rapportage vastgelegd.');
  const type = codeIn(resource.type ? [resource.type] : [], reportTypeSystem);
  if (!type) throw invalidAt(at('type'), `Geef het soort rapportage als type.coding van ${reportTypeSystem}: ${reportTypes.join(', ')}.`);
  const category = codeIn(resource.category, reportCategorySystem);
  if (resource.category?.length && !category)
    throw invalidAt(at('category'), `Geef de categorie als category.coding van ${reportCategorySystem}: ${reportCategories.join(', ')}.`);
  const contents = resource.content ?? [];
  const attachment = contents[0]?.attachment;
  if (!attachment || !/^text\/plain(\s*;.*)?$/i.test(attachment.contentType ?? '') || typeof attachment.data !== 'string')
    throw invalidAt(
      at('content[0].attachment'),
      'Stuur de tekst als bijlage met contentType text/plain en de tekst in data (base64); een verwijzing (url) of ander formaat wordt niet bewaard.',
    );
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(attachment.data.replace(/\s/g, '')))
    throw invalidAt(at('content[0].attachment.data'), 'De bijlage (data) is geen geldige base64.');
  const content = Buffer.from(attachment.data, 'base64').toString('utf8');
  const related = resource.context?.related ?? [];
  const encounter = related.find((item) => item.reference?.startsWith('Appointment/'));
  const encounterId = encounter ? referencedId(encounter.reference, 'Appointment') : null;
  if (encounter && !encounterId) throw invalidAt(at('context.related'), 'Verwijs naar een afspraak als "Appointment/<id>".');
  const more: Record<string, string> = {};
  contents.slice(1).forEach((_item, index) => (more[at(`content[${index + 1}]`)] = 'Alleen de eerste bijlage wordt bewaard.'));
  for (const key of Object.keys(resource.context ?? {}))
    if (key !== 'related') more[at(`context.${key}`)] = `DocumentReference.context.${key} wordt niet bewaard in het dossier.`;
  related.forEach((item, index) => {
    if (item !== encounter) more[at(`context.related[${index}]`)] = 'Alleen een verwijzing naar een afspraak wordt bewaard.';
  });
  return { type, category: category ?? null, content, encounterId, more };
}

/** Create: a new report of the patient `subject` names, written now by the caller; answers it as stored. */
export async function createFhirDocumentReference(
  em: EntityManager,
  actor: AuditActor,
  { body, strict }: FhirCreateInput,
): Promise<FhirWritten<DocumentReference>> {
  const resource = bodyOf<DocumentReference>('DocumentReference', body);
  const patientId = await patientOfWrite(em, resource.subject?.reference, at('subject'));
  const { more, ...fields } = reportFields(resource);
  const unstored = unstoredOf('DocumentReference', resource, kept, { strict, more });
  const report = await runUseCaseWithin(em, actor, writeReport, { patientId, ...fields }).catch((error: unknown) => {
    throw asResourceError(error, paths);
  });
  const [stored] = await documentReferenceResource.load(em, [report.id]);
  return { resource: stored!.resource, created: true, unstored };
}

/**
 * Update: the Rapportages tab's correction of the report (type, category, text, appointment); the
 * patient does not change. `If-Match` names the version corrected; a PUT that changes nothing keeps it.
 */
export async function updateFhirDocumentReference(
  em: EntityManager,
  actor: AuditActor,
  { id, body, version, strict }: FhirUpdateInput,
): Promise<FhirWritten<DocumentReference>> {
  const resource = bodyOf<DocumentReference>('DocumentReference', body);
  requireSameId('DocumentReference', id, resource);
  const report = isUuid(id) ? await em.findOne(Report, { id, deletedAt: null }) : null;
  if (!report) throw AppError.notFound(reportNotFound);
  requireVersion('DocumentReference', reportVersion(report), version);
  if (referencedId(resource.subject?.reference, 'Patient') !== report.patientId)
    throw invalidAt(at('subject'), 'De patiënt van een rapportage verandert niet; stuur subject zoals het is.');
  const { more, ...fields } = reportFields(resource);
  const [asRead] = await documentReferenceResource.load(em, [id]);
  const unstored = unstoredOf('DocumentReference', resource, [...kept, ...echoedOf(resource, asRead!.resource)], { strict, more });
  // What differs, so the log names the fields corrected; an empty patch still checks the author, and keeps the version.
  const current: Record<string, unknown> = {
    type: report.type,
    category: report.category ?? null,
    content: report.content,
    encounterId: report.encounterId ?? null,
  };
  const patch = Object.fromEntries(Object.entries(fields).filter(([key, value]) => value !== current[key]));
  await runUseCaseWithin(em, actor, changeReport, { id, patch }).catch((error: unknown) => {
    throw asResourceError(error, paths);
  });
  const [stored] = await documentReferenceResource.load(em, [id]);
  return { resource: stored!.resource, created: false, unstored };
}
