import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { routes } from './products';

/** A warning as the prescriber saw it when overriding it. */
export interface OverriddenWarning {
  code: string;
  message: string;
}

export const orderKinds = ['vast', 'zo-nodig'] as const;
export type OrderKind = (typeof orderKinds)[number];

export const administrationStatuses = ['gegeven', 'geweigerd', 'niet-gegeven'] as const;
export type AdministrationStatus = (typeof administrationStatuses)[number];

/** A prescription on the patient's medication list: a fixed schedule or "zo nodig" with indication and maximum. */
export const MedicationOrder = defineEntity({
  name: 'MedicationOrder',
  tableName: 'medication_orders',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    productCode: p.text(),
    productName: p.text(),
    dose: p.text(),
    route: p.enum(routes),
    kind: p.enum(orderKinds),
    /** The fixed schedule's times of day ("08:00"); empty for zo nodig. */
    times: p.array<string>().default([]),
    indication: p.text().nullable(),
    maxPerDay: p.integer().nullable(),
    /** Zo nodig: the fewest minutes between two doses (ADR 60); null for a fixed schedule. */
    minIntervalMinutes: p.integer().nullable(),
    startDate: p.date(),
    endDate: p.date().nullable(),
    note: p.text().nullable(),
    prescribedBy: p.uuid(),
    /** The safety warnings the prescriber overrode, as they were shown, and why (ADR 60). */
    overriddenWarnings: p.json<OverriddenWarning[]>().default([]),
    overrideReason: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    stoppedAt: p.datetime().nullable(),
    stoppedBy: p.uuid().nullable(),
    stopReason: p.text().nullable(),
  },
});
export type MedicationOrder = InferEntity<typeof MedicationOrder>;

/** One dose as the nurse registered it: given, refused (with reason) or not given (with reason); a zo-nodig dose with its reason and later its effect. */
export const MedicationAdministration = defineEntity({
  name: 'MedicationAdministration',
  tableName: 'medication_administrations',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    patientId: p.uuid(),
    orderId: p.uuid(),
    /** The scheduled moment of a fixed dose; null for zo nodig. */
    scheduledFor: p.datetime().nullable(),
    status: p.enum(administrationStatuses),
    prn: p.boolean(),
    reason: p.text().nullable(),
    effect: p.text().nullable(),
    effectAt: p.datetime().nullable(),
    effectBy: p.uuid().nullable(),
    administeredAt: p.datetime(),
    /** Why a dose was registered well after it was given ("nagekomen"). */
    lateReason: p.text().nullable(),
    /** Who registered it: a nurse, or (`koppelingId`) a koppeling (an eMAR); exactly one of the two. */
    recordedBy: p.uuid().nullable(),
    koppelingId: p.uuid().nullable(),
    /** A high-risk product's second nurse: a colleague who checked the dose before it was given. */
    doubleCheckedBy: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type MedicationAdministration = InferEntity<typeof MedicationAdministration>;
