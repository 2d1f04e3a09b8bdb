import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { uuidPrimaryKey } from '../db/columns';
import { coerciveMeasureKindKeys, legalBases, legalStatusKindKeys } from './coercive-care.vocabulary';

/**
 * A legal status (rechtspositie) for a period. A new one never replaces an older row; a correction
 * is a new row naming the one it corrects, which stays, marked with who, when and why.
 */
export const LegalStatus = defineEntity({
  name: 'LegalStatus',
  tableName: 'legal_statuses',
  properties: {
    id: uuidPrimaryKey(),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    kind: p.enum(legalStatusKindKeys),
    startsOn: p.date(),
    endsOn: p.date().nullable(),
    note: p.text().nullable(),
    recordedBy: p.uuid(),
    recordedAt: p.datetime().onCreate(() => new Date()),
    correctsId: p.uuid().nullable(),
    correctionReason: p.text().nullable(),
    correctedAt: p.datetime().nullable(),
    correctedBy: p.uuid().nullable(),
  },
});

export type LegalStatus = InferEntity<typeof LegalStatus>;

/** A measure of compulsory care (verplichte zorg): open until its end is recorded, as an action of its own. */
export const CoerciveMeasure = defineEntity({
  name: 'CoerciveMeasure',
  tableName: 'coercive_measures',
  properties: {
    id: uuidPrimaryKey(),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    kind: p.enum(coerciveMeasureKindKeys),
    startedAt: p.datetime(),
    legalBasis: p.enum(legalBases),
    /** The Wvggz measure it rests on; null in an emergency (art. 8:11). */
    legalStatusId: p.uuid().nullable(),
    /** The responsible clinician who decided (a name: the decision may be taken by phone). */
    decidedBy: p.text(),
    note: p.text().nullable(),
    recordedBy: p.uuid(),
    recordedAt: p.datetime().onCreate(() => new Date()),
    endedAt: p.datetime().nullable(),
    endNote: p.text().nullable(),
    endRecordedBy: p.uuid().nullable(),
    endRecordedAt: p.datetime().nullable(),
  },
});

export type CoerciveMeasure = InferEntity<typeof CoerciveMeasure>;

export const CoerciveMeasureEvaluation = defineEntity({
  name: 'CoerciveMeasureEvaluation',
  tableName: 'coercive_measure_evaluations',
  properties: {
    id: uuidPrimaryKey(),
    organisationId: p.uuid(),
    measureId: p.uuid(),
    evaluatedAt: p.datetime(),
    evaluatedBy: p.text(),
    text: p.text(),
    recordedBy: p.uuid(),
    recordedAt: p.datetime().onCreate(() => new Date()),
  },
});

export type CoerciveMeasureEvaluation = InferEntity<typeof CoerciveMeasureEvaluation>;
