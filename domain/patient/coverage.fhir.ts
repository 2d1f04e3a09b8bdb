import type { Coverage, Organization } from '@medplum/fhirtypes';
import { patientReference, type ClinicalResource } from '../fhir/clinical';
import { namingSystems } from '../fhir/naming-systems';
import { dateParameter, idParameter, patientParameter } from '../fhir/search';
import { foldAccents } from '../shared/text';
import { Patient } from './patient.entity';
import { legalFormWords, uzoviInsurers, type UzoviInsurer } from './uzovi.vocabulary';

/*
 * The patient's health insurance as FHIR R4 Coverage (issue 46, build point 6; ADR 0099). The record
 * keeps one insurance per patient on the patient's row (company and policy number), so the Coverage
 * has the patient's id and the patient's version, like the episode (ADR 0085). It exists when the
 * company is recorded: FHIR needs a payor, and a policy number alone names no one who pays. It
 * follows nl-core-Payer.InsuranceCompany (zib Betaler 3.1.1, nl-core R4 zib2020): one payor, an
 * Organization after nl-core-Payer-Organization with its UZOVI number where the company is a known
 * insurer, the policy number as subscriberId; no `type` (the record does not say basic or
 * supplementary) and no period (nor when the policy began).
 */

export const coverageProfile = 'http://nictiz.nl/fhir/StructureDefinition/nl-core-Payer.InsuranceCompany';
export const payerOrganizationProfile = 'http://nictiz.nl/fhir/StructureDefinition/nl-core-Payer-Organization';
const memberNumber = { system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MB', display: 'Member Number' };
const payorId = 'verzekeraar';

const foldedName = (company: string) =>
  foldAccents(company)
    .replace(/\./g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !legalFormWords.includes(word))
    .join(' ');

const byName = new Map(
  uzoviInsurers.flatMap((insurer) => [foldedName(insurer.label), ...insurer.aliases].map((name) => [name, insurer] as const)),
);

/** The insurer in the UZOVI table that this company name means ("VGZ Zorgverzekeraar N.V.", "vgz"), if any. */
export function uzoviInsurerOf(company: string): UzoviInsurer | undefined {
  return byName.get(foldedName(company));
}

const insuredCompany = (patient: Patient) => patient.insuranceCompany?.trim() || null;

/** The insurer as the payor: its name as recorded, with its UZOVI number when the table knows it. */
function payorOf(company: string): Organization {
  const insurer = uzoviInsurerOf(company);
  return {
    resourceType: 'Organization',
    id: payorId,
    meta: { profile: [payerOrganizationProfile] },
    ...(insurer ? { identifier: [{ system: namingSystems.uzovi, value: insurer.uzovi }] } : {}),
    name: company,
  };
}

/** The patient's Coverage, or null when no insurer is recorded. */
export function toFhirCoverage(patient: Patient): Coverage | null {
  const company = insuredCompany(patient);
  if (!company) return null;
  const payor = payorOf(company);
  const policyNumber = patient.insurancePolicyNumber?.trim() || null;
  return {
    resourceType: 'Coverage',
    id: patient.id,
    meta: { versionId: String(patient.version), lastUpdated: patient.updatedAt.toISOString(), profile: [coverageProfile] },
    contained: [payor],
    ...(policyNumber
      ? {
          identifier: [{ type: { coding: [memberNumber] }, value: policyNumber, assigner: { reference: `#${payorId}`, display: company } }],
        }
      : {}),
    status: 'active',
    subscriber: patientReference(patient.id),
    ...(policyNumber ? { subscriberId: policyNumber } : {}),
    beneficiary: patientReference(patient.id),
    payor: [{ reference: `#${payorId}`, display: company }],
  };
}

/** Patients with an insurer recorded: the Coverages there are. */
const coverages = `(select id, updated_at from patients where nullif(trim(insurance_company), '') is not null) coverages`;

export const coverageResource: ClinicalResource<Coverage> = {
  documentation:
    'De zorgverzekering van de patiënt (nl-core-Payer.InsuranceCompany): één per patiënt met een verzekeraar (met het id van de patiënt), status active, het polisnummer als subscriberId, de verzekeraar als payor (contained Organization met de naam en, bij een bekende verzekeraar, het UZOVI-nummer).',
  async load(em, ids) {
    const patients = await em.find(Patient, { id: { $in: [...ids] } });
    return patients.flatMap((patient) => {
      const resource = toFhirCoverage(patient);
      return resource ? [{ resource, patientId: patient.id }] : [];
    });
  },
  search: {
    resourceType: 'Coverage',
    from: coverages,
    parameters: {
      _id: idParameter,
      patient: patientParameter('id'),
      beneficiary: patientParameter('id'),
      subscriber: patientParameter('id'),
      _lastUpdated: dateParameter(
        '_lastUpdated',
        'updated_at',
        true,
        'Laatste wijziging (van de verzekering of de patiënt), met voorvoegsel eq, ne, ge, gt, le of lt; datum (een dag in Nederlandse tijd) of tijdstip met tijdzone.',
      ),
    },
    sortOrders: {
      '-_lastUpdated': 'updated_at desc, id asc',
      _lastUpdated: 'updated_at asc, id asc',
    },
  },
};
