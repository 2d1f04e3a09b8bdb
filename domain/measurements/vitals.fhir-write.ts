import type { Observation } from '@medplum/fhirtypes';
import type { AuditActor } from '../audit/audit.service';
import { runUseCaseWithin } from '../audit/use-case';
import type { EntityManager } from '../db/orm';
import {
  asResourceError,
  bodyOf,
  invalidAt,
  referencedId,
  requireSameId,
  requireVersion,
  type FhirCreateInput,
  type FhirUpdateInput,
  type FhirWritten,
} from '../fhir/write';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/ids';
import { bloodPressurePanel, loincSystem, productCodesOf, vitalCodes } from './vital-codes';
import { ScaleScore } from './scale.entity';
import { VitalObservation } from './vitals.entity';
import { observationResource, replacesUrl } from './vitals.fhir';
import { vitalNotFound } from './vitals.service';
import { correctVitalValue, recordVitalRound } from './vitals.use-cases';

/*
 * A measurement posted as a FHIR Observation (a lab result, a device's vital sign): mapped onto the
 * round at the bedside (`recordVitalRound`, logged as its create), so the same plausibility ranges,
 * the interpretation, the "not in the future" rule and the Dutch messages apply as on the vitals
 * page. A wrong value is corrected as on the page: the old one is kept, marked, beside the right one.
 */

const invalid = (path: string, message: string) => invalidAt(`Observation.${path}`, message);

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

/** The Observation an `observation-replaces` extension names: undefined without one, a 400 when it names none. */
function replacedIdOf(resource: Observation): string | undefined {
  const extension = (resource.extension ?? []).find((item) => item.url === replacesUrl);
  if (!extension) return undefined;
  const id = referencedId(extension.valueReference?.reference, 'Observation');
  if (!id)
    throw invalid('extension', 'Noem de meting die deze corrigeert als valueReference "Observation/<id>" (extensie observation-replaces).');
  return id;
}

function checkStatus(resource: Observation): void {
  if (resource.status !== 'final' && resource.status !== 'amended' && resource.status !== 'corrected')
    throw invalid('status', 'Alleen een definitieve meting (status final) wordt bewaard.');
}

/** The resource as a read gives it. */
async function read(em: EntityManager, id: string): Promise<Observation> {
  const [stored] = await observationResource.load(em, [id]);
  return stored!.resource;
}

interface Corrected {
  /** The Observation corrected, as it now is (a new version). */
  replaced: Observation;
  /** The Observation with the right value: new, or (a panel's diastolic value corrected) the panel itself; null when no value differed. */
  correction: Observation | null;
}

/**
 * A correction of a measurement, as the Metingen tab makes it (`correctVitalValue`, ADR 0104): the
 * wrong value is kept and marked, the right one recorded beside it with the reason (`note`). Only the
 * value changes: the patient, the measure and the moment are those of the measurement corrected. A
 * value that did not change is not corrected.
 */
async function correctObservation(
  em: EntityManager,
  actor: AuditActor,
  id: string,
  resource: Observation,
  version?: string,
): Promise<Corrected> {
  const row = await em.findOne(VitalObservation, { id });
  if (!row) {
    if (await em.count(ScaleScore, { id }))
      throw new AppError('method_not_allowed', 'Een schaalscore wordt op de pagina Metingen gecorrigeerd, niet via FHIR.');
    throw AppError.notFound(vitalNotFound);
  }
  requireVersion('Observation', (await read(em, id)).meta?.versionId ?? '1', version);
  checkStatus(resource);
  if (referencedId(resource.subject?.reference, 'Patient') !== row.patientId)
    throw invalid('subject', 'De patiënt van een meting verandert niet; stuur subject zoals het is.');
  if (!resource.effectiveDateTime || Date.parse(resource.effectiveDateTime) !== row.observedAt.getTime())
    throw invalid(
      'effectiveDateTime',
      'Het tijdstip van een meting verandert niet bij een correctie; een meting op een ander moment is een nieuwe Observation.',
    );
  const { measures, paths } = measuresOf(resource);
  const panel = row.code === 'bloeddruk-systolisch';
  const targets = new Map<string, VitalObservation>([[row.code, row]]);
  if (panel) {
    const diastolic = await em.findOne(VitalObservation, {
      code: 'bloeddruk-diastolisch',
      patientId: row.patientId,
      correctedAt: null,
      ...(row.setId ? { setId: row.setId } : { setId: null, observedAt: row.observedAt }),
    });
    if (diastolic) targets.set(diastolic.code, diastolic);
  }
  const changed = Object.entries(measures).filter(([code]) => !targets.has(code));
  if (changed.length) throw invalid('code', `Een correctie meet hetzelfde als de meting die ze corrigeert (${row.label}).`);
  let correction: string | null = null;
  for (const [code, value] of Object.entries(measures)) {
    const target = targets.get(code)!;
    if (Number(target.value) === value) continue;
    const corrected = await runUseCaseWithin(em, actor, correctVitalValue, {
      id: target.id,
      correction: { value, reason: resource.note?.[0]?.text },
      patientId: row.patientId,
    }).catch((error: unknown) => {
      throw asResourceError(error, { value: `Observation.${paths[code]}`, reason: 'Observation.note[0].text' });
    });
    if (target === row) correction = corrected.id;
    else correction ??= row.id;
  }
  await em.flush();
  return { replaced: await read(em, id), correction: correction ? await read(em, correction) : null };
}

/**
 * Create: `status` final, the patient as `subject`, `effectiveDateTime` the moment; answers the stored
 * Observation. With the extension `observation-replaces` it is the correction of the one it names.
 */
export async function createFhirObservation(
  em: EntityManager,
  actor: AuditActor,
  { body }: FhirCreateInput,
): Promise<FhirWritten<Observation>> {
  const resource = bodyOf<Observation>('Observation', body);
  const replaced = replacedIdOf(resource);
  if (replaced) {
    const { replaced: unchanged, correction } = await correctObservation(em, actor, replaced, resource);
    return { resource: correction ?? unchanged, created: correction !== null && correction.id !== replaced, unstored: {} };
  }
  checkStatus(resource);
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
  // A panel's two values are one Observation: the load pairs them, whichever came first.
  const [stored] = await observationResource.load(
    em,
    round.values.map((value) => value.id),
  );
  return { resource: stored!.resource, created: true, unstored: {} };
}

/**
 * Update: the correction of the measurement `id` (`If-Match` its version). The answer is that
 * Observation as the record now keeps it (marked `entered-in-error` when its own value was wrong);
 * the right value's Observation is `successor` (it names this one as the value it replaces).
 */
export async function updateFhirObservation(
  em: EntityManager,
  actor: AuditActor,
  { id, body, version }: FhirUpdateInput,
): Promise<FhirWritten<Observation>> {
  const resource = bodyOf<Observation>('Observation', body);
  requireSameId('Observation', id, resource);
  if (!isUuid(id)) throw AppError.notFound(vitalNotFound);
  const { replaced, correction } = await correctObservation(em, actor, id, resource, version);
  return {
    resource: replaced,
    created: false,
    unstored: {},
    ...(correction && correction.id !== id ? { successor: `Observation/${correction.id}` } : {}),
  };
}
