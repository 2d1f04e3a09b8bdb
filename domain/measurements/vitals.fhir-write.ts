import type { Observation } from '@medplum/fhirtypes';
import type { AuditActor } from '../audit/audit.service';
import { runUseCaseWithin } from '../audit/use-case';
import type { EntityManager } from '../db/orm';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { bloodPressurePanel, loincSystem, productCodesOf, vitalCodes } from './vital-codes';
import { observationResource } from './vitals.fhir';
import { recordVitalRound } from './vitals.use-cases';

/*
 * A measurement posted as a FHIR Observation (a lab result, a device's vital sign): mapped onto the
 * round at the bedside (`recordVitalRound`, logged as its create), so the same plausibility ranges,
 * the interpretation, the "not in the future" rule and the Dutch messages apply as on the vitals
 * page. A value is never changed through FHIR: a wrong one is corrected on the page, which keeps
 * the old one.
 */

const invalid = (path: string, message: string) => AppError.validation({ [`Observation.${path}`]: message }, message);

function measureOf(code: string, quantity: Observation['valueQuantity'], path: string): [string, number] {
  const known = vitalCodes[code]!;
  if (typeof quantity?.value !== 'number') throw invalid(`${path}.value`, `Geef de waarde van ${known.label.toLowerCase()} als getal.`);
  if (quantity.code !== undefined && quantity.code !== known.ucum)
    throw invalid(`${path}.code`, `${known.label} wordt bewaard in ${known.ucum} (UCUM); stuur de waarde in die eenheid.`);
  return [code, quantity.value];
}

/**
 * The product's measures in an Observation: one LOINC-coded value, or the blood-pressure panel's
 * two components; beside each, where in the Observation it was (for a refusal of its value).
 */
function measuresOf(body: Observation): { measures: Record<string, number>; paths: Record<string, string> } {
  const loinc = (body.code?.coding ?? []).filter((coding) => coding.system === loincSystem).map((coding) => coding.code ?? '');
  if (loinc.includes(bloodPressurePanel.loinc)) {
    const measures: Record<string, number> = {};
    const paths: Record<string, string> = {};
    (body.component ?? []).forEach((component, index) => {
      const code = (component.code?.coding ?? [])
        .filter((coding) => coding.system === loincSystem)
        .flatMap((coding) => productCodesOf(coding.code ?? ''))[0];
      if (!code) return;
      const path = `component[${index}].valueQuantity`;
      const [, value] = measureOf(code, component.valueQuantity, path);
      measures[code] = value;
      paths[code] = `${path}.value`;
    });
    if (!Object.keys(measures).length) throw invalid('component', 'Geef de bovendruk (8480-6) en/of onderdruk (8462-4) als component.');
    return { measures, paths };
  }
  const code = loinc.flatMap(productCodesOf)[0];
  if (!code)
    throw invalid(
      'code',
      `Deze meting kent het dossier niet; LOINC-codes die het bewaart: ${[bloodPressurePanel.loinc, ...Object.values(vitalCodes).map((entry) => entry.loinc)].join(', ')}.`,
    );
  const [, value] = measureOf(code, body.valueQuantity, 'valueQuantity');
  return { measures: { [code]: value }, paths: { [code]: 'valueQuantity.value' } };
}

/** The vitals' refusal (`measures.glucose`, `observedAt`) as the Observation's elements that carried the values. */
function asObservationError(error: unknown, paths: Record<string, string>): unknown {
  if (!(error instanceof AppError)) return error;
  const fields = (error.details as { fields?: Record<string, string> } | undefined)?.fields;
  if (!fields) return error;
  const path = (field: string) => {
    const measure = /^measures\.(.+)$/.exec(field)?.[1];
    if (measure && paths[measure]) return `Observation.${paths[measure]}`;
    return field === 'observedAt' ? 'Observation.effectiveDateTime' : field === 'measures' ? 'Observation.value' : field;
  };
  return new AppError(error.code, error.message, {
    ...(error.details as object),
    fields: Object.fromEntries(Object.entries(fields).map(([field, message]) => [path(field), message])),
  });
}

/** Create: `status` final, the patient as `subject`, `effectiveDateTime` the moment; answers the stored Observation. */
export async function createFhirObservation(em: EntityManager, actor: AuditActor, body: unknown): Promise<Observation> {
  const resource = (body ?? {}) as Observation;
  if (resource.resourceType !== 'Observation') throw invalid('resourceType', 'Het veld resourceType moet "Observation" zijn.');
  if (resource.status !== 'final' && resource.status !== 'amended' && resource.status !== 'corrected')
    throw invalid('status', 'Alleen een definitieve meting (status final) wordt bewaard.');
  const patientId = /^Patient\/(.+)$/.exec(resource.subject?.reference ?? '')?.[1];
  if (!patientId || !isUuid(patientId)) throw invalid('subject', 'Geef de patiënt als subject.reference "Patient/<id>".');
  if (!resource.effectiveDateTime) throw invalid('effectiveDateTime', 'Geef het tijdstip van de meting (effectiveDateTime).');
  const { measures, paths } = measuresOf(resource);
  const round = await runUseCaseWithin(em, actor, recordVitalRound, {
    patientId,
    round: { observedAt: resource.effectiveDateTime, measures },
  }).catch((error: unknown) => {
    throw asObservationError(error, paths);
  });
  await em.flush();
  const ids = round.values.map((value) => value.id);
  const [stored] = await observationResource.load(em, ids);
  return stored!.resource;
}
