import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { roles } from './auth.schemas';

export { clinicalRoles, roles, type ClinicalRole, type Role } from './auth.schemas';

export const Organisation = defineEntity({
  name: 'Organisation',
  tableName: 'organisations',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    name: p.text(),
    /** AGB code of the institution (8 digits), when the installation knows it. */
    agbCode: p.text().nullable(),
    /** URA number (UZI register, 8 digits), when the installation knows it. */
    uraNumber: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Organisation = InferEntity<typeof Organisation>;

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    email: p.text(),
    displayName: p.text(),
    role: p.enum(roles),
    passwordHash: p.text().hidden(),
    /** AGB code (8), BIG number (11), UZI number (9 digits) of a clinician, when known: served as Practitioner identifiers. */
    agbCode: p.text().nullable(),
    bigNumber: p.text().nullable(),
    uziNumber: p.text().nullable(),
    /** The discipline as the ward says it ("diëtist", "wondverpleegkundige"): who wrote a note, beside what the role permits. */
    discipline: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    disabledAt: p.datetime().nullable(),
  },
});
export type User = InferEntity<typeof User>;

export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    userId: p.uuid(),
    tokenHash: p.text().hidden(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
  },
});
export type Session = InferEntity<typeof Session>;
