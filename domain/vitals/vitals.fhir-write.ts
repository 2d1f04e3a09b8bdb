import type { Observation } from '@medplum/fhirtypes';
import type { AuditActor } from '../audit/audit.service';
import type { EntityManager } from '../db/orm';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { bloodPressurePanel, loincSystem, productCodesOf, vitalCodes } from './vital-codes';
import { observationResource } from './vitals.fhir';
import { recordVitals } from './vitals.service';

/*
 * A measurement posted as a FHIR Observation (a lab result, a device's vital sign): mapped onto the
 * round at the bedside (`recordVitals`), so the same plausibility ranges, the interpretation, the
 * "not in the future" rule and the Dutch messages apply as on the vitals page. A value is never
 * changed through FHIR: a wrong one is corrected on the page, which keeps the old one.
 */

const invalid = (path: string, message: string) => AppError.validation({ [`Observation.${path}`]: message }, message);

function measureOf(code: string, quantity: Observation['valueQuantity'], path: string): [string, number] {
  const known = vitalCodes[code]!;
  if (typeof quantity?.value !== 'number') throw invalid(`${path}.value`, `Geef de waarde van ${known.label.toLowerCase()} als getal.`);
  if (quantity.code !== undefined && quantity.code !== known.ucum)
    throw invalid(`${path}.code`, `${known.label} wordt bewaard in ${known.ucum} (UCUM); stuur de waarde in die eenheid.`);
  return [code, quantity.value];
}

/** The product's measures in an Observation: one LOINC-coded value, or the blood-pressure panel's two components. */
function measuresOf(body: Observation): Record<string, number> {
  const loinc = (body.code?.coding ?? []).filter((coding) => coding.system === loincSystem).map((coding) => coding.code ?? '');
  if (loinc.includes(bloodPressurePanel.loinc)) {
    const measures = Object.fromEntries(
      (body.component ?? []).flatMap((component, index) => {
        const code = (component.code?.coding ?? [])
          .filter((coding) => coding.system === loincSystem)
          .flatMap((coding) => productCodesOf(coding.code ?? ''))[0];
        return code ? [measureOf(code, component.valueQuantity, `component[${index}].valueQuantity`)] : [];
      }),
    );
    if (!Object.keys(measures).length) throw invalid('component', 'Geef de bovendruk (8480-6) en/of onderdruk (8462-4) als component.');
    return measures;
  }
  const code = loinc.flatMap(productCodesOf)[0];
  if (!code)
    throw invalid(
      'code',
      `Deze meting kent het dossier niet; LOINC-codes die het bewaart: ${[bloodPressurePanel.loinc, ...Object.values(vitalCodes).map((entry) => entry.loinc)].join(', ')}.`,
    );
  return Object.fromEntries([measureOf(code, body.valueQuantity, 'valueQuantity')]);
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
  const round = await recordVitals(em, actor, patientId, { observedAt: resource.effectiveDateTime, measures: measuresOf(resource) });
  await em.flush();
  const ids = round.values.map((value) => value.id);
  const [stored] = await observationResource.load(em, ids);
  return stored!.resource;
}
