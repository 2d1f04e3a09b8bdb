import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { uuidPrimaryKey } from '../db/columns';
import type { SignaleringsplanPart, SignaleringsplanPhase } from './signaleringsplan.vocabulary';

export type SignaleringsplanContent = Record<SignaleringsplanPhase, Record<SignaleringsplanPart, string>>;

/** One saved version of a patient's signaleringsplan; each save is a new version. */
export const Signaleringsplan = defineEntity({
  name: 'Signaleringsplan',
  tableName: 'signaleringsplannen',
  properties: {
    id: uuidPrimaryKey(),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    version: p.integer(),
    phases: p.json<SignaleringsplanContent>(),
    createdBy: p.uuid(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type Signaleringsplan = InferEntity<typeof Signaleringsplan>;
