import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { uuidPrimaryKey } from '../db/columns';
import { allergyKinds, allergySeverities } from './allergies.vocabulary';

/** An allergy or intolerance, or the statement "geen bekende allergieën"; never deleted, only lapsed with a reason. */
export const Allergy = defineEntity({
  name: 'Allergy',
  tableName: 'allergies',
  properties: {
    id: uuidPrimaryKey(),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    kind: p.enum(allergyKinds),
    substance: p.text().nullable(),
    reaction: p.text().nullable(),
    severity: p.enum(allergySeverities).nullable(),
    recordedBy: p.uuid(),
    recordedAt: p.datetime().onCreate(() => new Date()),
    lapsedAt: p.datetime().nullable(),
    lapsedBy: p.uuid().nullable(),
    lapseReason: p.text().nullable(),
  },
});

export type Allergy = InferEntity<typeof Allergy>;
