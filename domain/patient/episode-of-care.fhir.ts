import type { EpisodeOfCare, Extension, Practitioner, Reference } from '@medplum/fhirtypes';
import { Organisation } from '../auth/auth.entities';
import { episodeStartOf } from '../discharge/discharge.service';
import { dischargeReasonLabels } from '../discharge/discharge.vocabulary';
import { patientReference, practitionerReferences, type ClinicalResource } from '../fhir/clinical';
import {
  anyOf,
  codeParameter,
  dateParameter,
  datePrefixes,
  dateRange,
  idParameter,
  patientParameter,
  referenceParameter,
  values,
  type Condition,
  type SearchParameter,
} from '../fhir/search';
import { clinicalTimeZone } from '../shared/clinical-time';
import { Patient } from './patient.entity';
import { extensionUrls } from './patient.fhir';
import type { EpisodeStatus } from './patient.schemas';

/*
 * The care episode (behandelepisode) as EpisodeOfCare (issue 46, build point 6, ADR 0085). The
 * record knows one episode per patient, kept on the patient's row (episode status, and since ADR
 * 0080 the discharge), so the episode has the patient's id and the patient's version: a change to
 * the patient's row is a new version of the episode too. It began when the record was opened
 * (there is no admission date) and ends on the discharge day. No `meta.profile`: the zib set this
 * API follows (nl-core R4, zib2020) has no EpisodeOfCare profile.
 */

const base = 'https://ggz-epd.nl/fhir/StructureDefinition';
export const dischargeExtensionUrl = `${base}/discharge`;
export const dischargeReasonSystem = 'https://ggz-epd.nl/fhir/CodeSystem/ontslagreden';
export const episodeStatusSystem = 'http://hl7.org/fhir/episode-of-care-status';

/** The record's five statuses on FHIR's: screening is the assessment before care that FHIR counts as planned. */
const fhirStatus: Record<EpisodeStatus, NonNullable<EpisodeOfCare['status']>> = {
  planned: 'planned',
  screening: 'planned',
  active: 'active',
  finished: 'finished',
  cancelled: 'cancelled',
};

/** The start day on the ward's clock, in SQL: the same day `episodeStartOf` gives. */
const startDay = `(created_at at time zone '${clinicalTimeZone}')::date`;

/**
 * `date` against the episode's period [start day, discharge day], open while it runs, as FHIR
 * compares a range with a range: `ge`/`gt` ask for a part on or after, `le`/`lt` on or before,
 * `eq` for an episode wholly within the day, month or year, `sa`/`eb` for one starting after or
 * ending before it.
 */
const periodParameter: SearchParameter = {
  type: 'date',
  documentation:
    'De periode van de episode (start: de dag dat het dossier werd geopend; einde: de ontslagdatum), met voorvoegsel eq (geheel binnen), ne, ge, gt, le, lt, sa of eb; precisie jaar, maand of dag.',
  condition: (value) =>
    anyOf(
      values(value).map((part): Condition => {
        const prefix = datePrefixes.exec(part)?.[1] ?? 'eq';
        const range = dateRange('date', part.replace(datePrefixes, ''), false);
        const [start, end] = [range.start, range.end].map((date) => date.toISOString().slice(0, 10));
        const within = { sql: `(${startDay} >= ?::date and discharged_on is not null and discharged_on < ?::date)`, params: [start, end] };
        switch (prefix) {
          case 'eq':
            return within;
          case 'ne':
            return { sql: `not ${within.sql}`, params: within.params };
          case 'ge':
            return { sql: '(discharged_on is null or discharged_on >= ?::date)', params: [start] };
          case 'gt':
            return { sql: '(discharged_on is null or discharged_on >= ?::date)', params: [end] };
          case 'le':
            return { sql: `${startDay} < ?::date`, params: [end] };
          case 'lt':
            return { sql: `${startDay} < ?::date`, params: [start] };
          case 'sa':
            return { sql: `${startDay} >= ?::date`, params: [end] };
          default:
            return { sql: '(discharged_on is not null and discharged_on < ?::date)', params: [start] };
        }
      }),
    ),
};

function dischargeExtension(patient: Patient, recorder: Reference<Practitioner> | undefined): Extension[] {
  if (!patient.dischargeReasonCode) return [];
  const parts: Extension[] = [
    {
      url: 'reason',
      valueCoding: {
        system: dischargeReasonSystem,
        code: patient.dischargeReasonCode,
        display: dischargeReasonLabels[patient.dischargeReasonCode],
      },
    },
    ...(patient.dischargeReason ? [{ url: 'note', valueString: patient.dischargeReason }] : []),
    ...(recorder ? [{ url: 'recorder', valueReference: recorder }] : []),
    ...(patient.dischargeRecordedAt ? [{ url: 'recorded', valueDateTime: patient.dischargeRecordedAt.toISOString() }] : []),
  ];
  return [{ url: dischargeExtensionUrl, extension: parts }];
}

export function toFhirEpisodeOfCare(
  patient: Patient,
  organisation: { id: string; name: string } | undefined,
  recorder: Reference<Practitioner> | undefined,
): EpisodeOfCare {
  const ended = patient.episodeStatus === 'finished' && patient.dischargedOn;
  return {
    resourceType: 'EpisodeOfCare',
    id: patient.id,
    meta: { versionId: String(patient.version), lastUpdated: patient.updatedAt.toISOString() },
    extension: [{ url: extensionUrls.episodeStatus, valueCode: patient.episodeStatus }, ...dischargeExtension(patient, recorder)],
    status: fhirStatus[patient.episodeStatus as EpisodeStatus],
    patient: patientReference(patient.id),
    managingOrganization: {
      reference: `Organization/${patient.organisationId}`,
      ...(organisation ? { display: organisation.name } : {}),
    },
    period: { start: episodeStartOf(patient), ...(ended ? { end: String(patient.dischargedOn) } : {}) },
  };
}

export const episodeOfCareResource: ClinicalResource<EpisodeOfCare> = {
  documentation:
    'De behandelepisode: één per patiënt (met het id van de patiënt), active tijdens de behandeling, finished na ontslag met period.end en de ontslagreden in de extensie discharge; de eigen status (planned, screening, …) in de extensie episode-status.',
  async load(em, ids) {
    const patients = await em.find(Patient, { id: { $in: [...ids] } });
    if (!patients.length) return [];
    const [organisations, recorders] = await Promise.all([
      em.find(Organisation, { id: { $in: [...new Set(patients.map((patient) => patient.organisationId))] } }),
      practitionerReferences(
        em,
        patients.map((patient) => patient.dischargedBy),
      ),
    ]);
    const organisationById = new Map(organisations.map((organisation) => [organisation.id, organisation]));
    return patients.map((patient) => ({
      resource: toFhirEpisodeOfCare(
        patient,
        organisationById.get(patient.organisationId),
        patient.dischargedBy ? recorders.get(patient.dischargedBy) : undefined,
      ),
      patientId: patient.id,
    }));
  },
  search: {
    resourceType: 'EpisodeOfCare',
    from: 'patients',
    parameters: {
      _id: idParameter,
      patient: patientParameter('id'),
      status: codeParameter(
        'episode_status',
        `Status: planned (ook screening), active, finished of cancelled, met of zonder ${episodeStatusSystem}|.`,
        (code, system) => {
          if (system !== null && system !== episodeStatusSystem) return null;
          const statuses = (Object.keys(fhirStatus) as EpisodeStatus[]).filter((status) => fhirStatus[status] === code);
          return statuses.length ? statuses : null;
        },
      ),
      date: periodParameter,
      organization: referenceParameter('Organization', 'organisation_id', 'De eigen instelling als Organization/<id> of <id>.'),
      _lastUpdated: dateParameter(
        '_lastUpdated',
        'updated_at',
        true,
        'Laatste wijziging (van de episode of de patiënt), met voorvoegsel eq, ne, ge, gt, le of lt; datum (een dag in Nederlandse tijd) of tijdstip met tijdzone.',
      ),
    },
    sortOrders: {
      '-date': 'created_at desc, id asc',
      date: 'created_at asc, id asc',
      '-_lastUpdated': 'updated_at desc, id asc',
      _lastUpdated: 'updated_at asc, id asc',
    },
  },
};
