import type { AllergyIntolerance, AllergyIntoleranceReaction, Practitioner, Reference } from '@medplum/fhirtypes';
import type { EntityManager } from '../db/orm';
import { patientReference, withStaff, type ClinicalResource } from '../fhir/clinical';
import { codeParameter, dateParameter, idParameter, patientParameter } from '../fhir/search';
import { atcCoveredBy } from '../medication/safety';
import { Allergy } from './allergy.entity';
import type { AllergySeverity } from './allergies.vocabulary';

/*
 * The allergies tab as FHIR R4 AllergyIntolerance (issue 46): what a clinician decides from must
 * reach an integrator too. An entry in force is `active`, a lapsed one `inactive` with its reason as
 * a note (the record does not say whether it was wrong or no longer applies, so it is never
 * `entered-in-error`). The record does not grade certainty, so an allergy has no
 * verificationStatus; nor does it record criticality: the ernst licht/matig/ernstig is the
 * reaction's severity. "Geen bekende allergieën" is served as FHIR does it: SNOMED 716186003 "No
 * known allergy", confirmed (ADR 0093).
 */

export const clinicalStatusSystem = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical';
export const verificationStatusSystem = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification';
export const snomedSystem = 'http://snomed.info/sct';
export const noKnownAllergy = { system: snomedSystem, code: '716186003', display: 'No known allergy' } as const;
const atcSystem = 'http://www.whocc.no/atc';

const severityOf: Record<AllergySeverity, NonNullable<AllergyIntoleranceReaction['severity']>> = {
  licht: 'mild',
  matig: 'moderate',
  ernstig: 'severe',
};

const clinicalStatus = (row: Allergy) => {
  const code = row.lapsedAt ? 'inactive' : 'active';
  return { coding: [{ system: clinicalStatusSystem, code, display: code === 'active' ? 'Active' : 'Inactive' }] };
};

/**
 * A substance the medication safety check knows (ADR 60) is a medication allergy, with its ATC code
 * when it names one code or class; the same reading that blocks a prescription. Anything else keeps
 * its text only: food or environment is not recorded.
 */
function substanceOf(substance: string): Pick<AllergyIntolerance, 'category' | 'code'> {
  const atc = atcCoveredBy(substance);
  return {
    ...(atc.length ? { category: ['medication' as const] } : {}),
    code: { ...(atc.length === 1 ? { coding: [{ system: atcSystem, code: atc[0] }] } : {}), text: substance },
  };
}

/** The reaction as recorded; FHIR wants a manifestation, so a severity without a reaction says the reaction was not recorded. */
function reactionOf(row: Allergy): Pick<AllergyIntolerance, 'reaction'> {
  if (!row.reaction && !row.severity) return {};
  return {
    reaction: [
      {
        manifestation: [{ text: row.reaction ?? 'Reactie niet vastgelegd' }],
        ...(row.severity ? { severity: severityOf[row.severity] } : {}),
      },
    ],
  };
}

const lapseNote = (row: Allergy): Pick<AllergyIntolerance, 'note'> =>
  row.lapsedAt ? { note: [{ time: row.lapsedAt.toISOString(), text: `Vervallen: ${row.lapseReason ?? 'zonder reden'}` }] } : {};

export function toFhirAllergyIntolerance(row: Allergy, recorder: Reference<Practitioner> | undefined): AllergyIntolerance {
  const noneKnown = row.kind === 'geen-bekende';
  return {
    resourceType: 'AllergyIntolerance',
    id: row.id,
    // An entry is never changed but to lapse: that is its second version.
    meta: { versionId: row.lapsedAt ? '2' : '1', lastUpdated: (row.lapsedAt ?? row.recordedAt).toISOString() },
    clinicalStatus: clinicalStatus(row),
    ...(noneKnown
      ? {
          verificationStatus: { coding: [{ system: verificationStatusSystem, code: 'confirmed', display: 'Confirmed' }] },
          code: { coding: [{ ...noKnownAllergy }], text: 'Geen bekende allergieën' },
        }
      : substanceOf(row.substance ?? '')),
    patient: patientReference(row.patientId),
    recordedDate: row.recordedAt.toISOString(),
    ...(recorder ? { recorder } : {}),
    ...(noneKnown ? {} : reactionOf(row)),
    ...lapseNote(row),
  };
}

/** The table with the status and last change a search reads. */
const allergies = `(select id, patient_id, recorded_at, coalesce(lapsed_at, recorded_at) as updated_at,
    case when lapsed_at is null then 'active' else 'inactive' end as clinical_status from allergies) allergies`;

export const allergyIntoleranceResource: ClinicalResource<AllergyIntolerance> = {
  documentation:
    'Allergieën en intoleranties van het tabblad Allergieën: in voege (active) of vervallen (inactive, met de reden), de stof als tekst (een geneesmiddel met ATC-code en categorie medication), de reactie met ernst mild/moderate/severe; "geen bekende allergieën" als SNOMED 716186003, confirmed.',
  async load(em: EntityManager, ids) {
    return withStaff(em, await em.find(Allergy, { id: { $in: [...ids] } }), (row) => row.recordedBy, toFhirAllergyIntolerance);
  },
  search: {
    resourceType: 'AllergyIntolerance',
    from: allergies,
    parameters: {
      _id: idParameter,
      patient: patientParameter(),
      'clinical-status': codeParameter(
        'clinical_status',
        `active (in voege) of inactive (vervallen), met of zonder ${clinicalStatusSystem}|.`,
        (code, system) => (system === null || system === clinicalStatusSystem ? code : null),
      ),
      date: dateParameter(
        'date',
        'recorded_at',
        true,
        'Moment van vastleggen, met voorvoegsel eq, ne, ge, gt, le of lt; een datum is een dag in Nederlandse tijd.',
      ),
      _lastUpdated: dateParameter(
        '_lastUpdated',
        'updated_at',
        true,
        'Laatste wijziging (vastleggen of vervallen), met voorvoegsel eq, ne, ge, gt, le of lt; een datum is een dag in Nederlandse tijd.',
      ),
    },
    sortOrders: {
      '-date': 'recorded_at desc, id asc',
      date: 'recorded_at asc, id asc',
      '-_lastUpdated': 'updated_at desc, id asc',
      _lastUpdated: 'updated_at asc, id asc',
    },
  },
};
