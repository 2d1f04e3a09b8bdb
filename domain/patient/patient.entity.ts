import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { dischargeReasonCodes } from '../discharge/discharge.vocabulary';
import { episodeStatuses, genders } from './patient.schemas';

export const Patient = defineEntity({
  name: 'Patient',
  tableName: 'patients',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    namePrefix: p.text().nullable(),
    nameGiven: p.array<string>().default([]),
    familyName: p.text(),
    bsn: p.string().length(9).nullable(),
    johnDoe: p.boolean().default(false),
    birthDate: p.date().nullable(),
    gender: p.enum(genders).default('unknown'),
    addressStreet: p.text().nullable(),
    addressPostalCode: p.text().nullable(),
    addressCity: p.text().nullable(),
    phone: p.text().nullable(),
    email: p.text().nullable(),
    insuranceCompany: p.text().nullable(),
    insurancePolicyNumber: p.text().nullable(),
    episodeStatus: p.enum(episodeStatuses).default('planned'),
    /** Ontslag (ADR 0080): the day the episode ended, why, and who recorded it when; null while it runs. */
    dischargedOn: p.date().nullable(),
    dischargeReasonCode: p.enum(dischargeReasonCodes).nullable(),
    dischargeReason: p.text().nullable(),
    dischargedBy: p.uuid().nullable(),
    dischargeRecordedAt: p.datetime().nullable(),
    /** Kamer/bed on the ward, short free text (ADR 0061); null: not assigned. */
    room: p.text().nullable(),
    /** Raised by the database on every change (trigger), whoever writes: FHIR `meta.versionId` and the ETag. */
    version: p.integer().default(1),
    searchName: p.text().lazy(),
    searchKeys: p.array<string>().default([]).lazy(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Patient = InferEntity<typeof Patient>;
