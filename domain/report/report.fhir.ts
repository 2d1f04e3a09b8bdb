import type { DocumentReference, Practitioner, Reference } from '@medplum/fhirtypes';
import type { EntityManager } from '../db/orm';
import { patientReference, withStaff, type ClinicalResource } from '../fhir/clinical';
import { codeParameter, dateParameter, idParameter, patientParameter } from '../fhir/search';
import { Report } from './report.entity';
import { earlierVersions } from './report.service';
import {
  reportCategories,
  reportCategoryLabels,
  reportTypeLabels,
  reportTypes,
  type ReportCategory,
  type ReportType,
} from './report.schemas';

export const reportTypeSystem = 'https://ggz-epd.nl/fhir/CodeSystem/rapportagetype';
export const reportCategorySystem = 'https://ggz-epd.nl/fhir/CodeSystem/rapportagecategorie';

/** A report can be corrected: its version is the moment of its last change. */
export const reportVersion = (row: Report): string => String(row.updatedAt.getTime());

/**
 * A report → DocumentReference with the text as a plain-text attachment. The appointment it was
 * written for is `context.related` (the record has no Encounter apart from the appointment).
 */
export function toFhirDocumentReference(row: Report, author: Reference<Practitioner> | undefined): DocumentReference {
  const type = row.type as ReportType;
  return {
    resourceType: 'DocumentReference',
    id: row.id,
    meta: { versionId: reportVersion(row), lastUpdated: row.updatedAt.toISOString() },
    status: 'current',
    docStatus: 'final',
    type: { coding: [{ system: reportTypeSystem, code: type, display: reportTypeLabels[type] }], text: reportTypeLabels[type] },
    ...(row.category
      ? {
          category: [
            {
              coding: [{ system: reportCategorySystem, code: row.category, display: reportCategoryLabels[row.category as ReportCategory] }],
            },
          ],
        }
      : {}),
    subject: patientReference(row.patientId),
    date: row.createdAt.toISOString(),
    ...(author ? { author: [author] } : {}),
    description: reportTypeLabels[type],
    content: [
      {
        attachment: {
          contentType: 'text/plain; charset=utf-8',
          language: 'nl',
          data: Buffer.from(row.content, 'utf8').toString('base64'),
          creation: row.createdAt.toISOString(),
        },
      },
    ],
    ...(row.encounterId ? { context: { related: [{ reference: `Appointment/${row.encounterId}` }] } } : {}),
  };
}

export const documentReferenceResource: ClinicalResource<DocumentReference> = {
  documentation:
    'Rapportages (dagnotities, verpleegkundige rapportages, incidenten, crises, behandelnotities) met de tekst als bijlage; verwijderde rapportages niet.',
  async load(em: EntityManager, ids) {
    return withStaff(
      em,
      await em.find(Report, { id: { $in: [...ids] }, deletedAt: null }),
      (row) => row.createdBy ?? row.koppelingId,
      toFhirDocumentReference,
    );
  },
  search: {
    resourceType: 'DocumentReference',
    // Deleted reports are kept for the access history, never shown.
    from: '(select * from reports where deleted_at is null) as reports',
    parameters: {
      _id: idParameter,
      patient: patientParameter(),
      subject: patientParameter(),
      date: dateParameter(
        'date',
        'created_at',
        true,
        'Tijdstip van schrijven, met voorvoegsel eq, ne, ge, gt, le of lt; een datum is een dag in Nederlandse tijd.',
      ),
      type: codeParameter('type', `Soort: ${reportTypes.join(', ')}.`, (code, system) =>
        system === null || system === reportTypeSystem ? code : null,
      ),
      category: codeParameter('category', `Categorie: ${reportCategories.join(', ')}.`, (code, system) =>
        system === null || system === reportCategorySystem ? code : null,
      ),
    },
    sortOrders: { '-date': 'created_at desc, id asc', date: 'created_at asc, id asc' },
  },
};

/**
 * The earlier versions of a report its corrections kept (ADR 0101), newest first, each mapped as a
 * read maps the report: the fields as they were, `versionId` and `lastUpdated` the moment of that version.
 */
export async function earlierDocumentReferences(em: EntityManager, id: string): Promise<DocumentReference[]> {
  const report = await em.findOne(Report, { id, deletedAt: null });
  if (!report) return [];
  const versions = (await earlierVersions(em, [id])).get(id) ?? [];
  const rows = versions.map((version) => ({
    ...report,
    type: version.type,
    category: version.category,
    content: version.content,
    includeInHandover: version.includeInHandover,
    encounterId: version.encounterId,
    updatedAt: new Date(version.versionAt),
  }));
  return (await withStaff(em, rows, (row) => row.createdBy ?? row.koppelingId, toFhirDocumentReference)).map((found) => found.resource);
}
