import type { AuditActor } from '../audit/audit.service';
import type { EntityManager } from '../db/orm';
import { AppError } from '../shared/errors';
import { fromFhirPatient, unstoredOrRefused } from './patient.fhir';
import { patientSearchAccess, searchFhirPatients } from './patient.fhir-search';
import { createPatient, updatePatient, type PatientView } from './patient.service';

/*
 * Writes of a FHIR Patient, for the Patient routes and for Bundle entries alike: the form's
 * validation (the patient service) behind FHIR's own rules for create and update. What the record
 * cannot keep comes back as `unstored` (FHIRPath → Dutch message) for the answer's warnings, or,
 * with `strict` (`Prefer: handling=strict`), refuses the write.
 */

export interface FhirPatientWrite {
  patient: PatientView;
  /** The elements of the body the record did not keep (FHIRPath → Dutch message). */
  unstored: Record<string, string>;
}

/** A conditional create's search (`If-None-Exist`), for the access log: the patients it found. */
export type PatientSearchAccess = ReturnType<typeof patientSearchAccess>;

/**
 * Create, or with `If-None-Exist` (a search query) the one patient it finds: none → create, one →
 * that patient unchanged (200, not 201), more → 412, as FHIR's conditional create says.
 */
export async function createFhirPatient(
  em: EntityManager,
  actor: AuditActor,
  body: unknown,
  ifNoneExist: string | null,
  { strict = false } = {},
): Promise<FhirPatientWrite & { created: boolean; searched?: PatientSearchAccess }> {
  const input = fromFhirPatient(body);
  const unstored = unstoredOrRefused(body, { creating: true, strict });
  if (ifNoneExist !== null && ifNoneExist.trim()) {
    const query = new URLSearchParams(
      ifNoneExist
        .trim()
        .replace(/^\?/, '')
        .replace(/^Patient\?/, ''),
    );
    const found = await searchFhirPatients(em, query, { strict: true });
    const { page } = found;
    if (page.total > 1)
      throw new AppError('precondition_failed', `If-None-Exist vindt ${page.total} patiënten; maak de voorwaarde specifieker.`);
    const searched = patientSearchAccess(found);
    // Nothing of the body was stored: the existing patient answers as it is, without warnings.
    if (page.items[0]) return { patient: page.items[0], created: false, unstored: {}, searched };
    return { patient: await createPatient(em, actor, input), created: true, unstored, searched };
  }
  return { patient: await createPatient(em, actor, input), created: true, unstored };
}

/** Update: the body's id, when given, must be the URL's (FHIR: 400 otherwise); `If-Match` as the version. */
export async function updateFhirPatient(
  em: EntityManager,
  id: string,
  body: unknown,
  version: number | undefined,
  { strict = false } = {},
): Promise<FhirPatientWrite & { changed: string[] }> {
  const bodyId = body && typeof body === 'object' ? (body as { id?: unknown }).id : undefined;
  // Without an id the URL's is meant; another one is a mistake that must not update this patient.
  if (bodyId !== undefined && bodyId !== id)
    throw AppError.validation(
      { 'Patient.id': `Patient.id (${String(bodyId)}) hoort gelijk te zijn aan het id in het adres (${id}).` },
      'Het id in de inhoud en het id in het adres verschillen.',
    );
  const input = fromFhirPatient(body);
  const unstored = unstoredOrRefused(body, { creating: false, strict });
  const { patient, changed } = await updatePatient(em, id, input, version);
  return { patient, changed, unstored };
}
