import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A system outside the EPD registered to call the FHIR API (SMART Backend Services), with its public keys and scopes. */
export const Koppeling = defineEntity({
  name: 'Koppeling',
  tableName: 'koppelingen',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organisationId: p.uuid(),
    name: p.text(),
    /** The public keys as given at registration, or null when the koppeling publishes them at `jwksUrl`. */
    jwks: p.json<{ keys: Record<string, unknown>[] }>().nullable(),
    jwksUrl: p.text().nullable(),
    scopes: p.array(),
    createdBy: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    disabledAt: p.datetime().nullable(),
  },
});
export type Koppeling = InferEntity<typeof Koppeling>;
