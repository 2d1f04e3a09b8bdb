import { inject } from 'vitest';
import { parsePayloadKeys } from '../../domain/config/payload-keys';
import { createOrm, type MikroORM } from '../../domain/db/orm';
import { tenantSettingsSignedWith } from '../../domain/db/tenant';
import { tenantKeysFrom } from '../../domain/db/tenant-keys';

/** The stack's payload keys: what the app and the worker encrypt, sign and prove their tenant with (ADR 0025, 0046). */
export const testPayloadKeys = () => parsePayloadKeys(inject('payloadKeys'));

/** An ORM on the application role with the stack's keys, as the app and the worker have it. */
export function appOrm(options: { poolMax?: number } = {}, url: string = inject('appUrl')): Promise<MikroORM> {
  return createOrm(url, { ...options, payloadKeys: testPayloadKeys() });
}

/** The settings the app sets for a tenant, for tests that speak SQL as the application role. */
export function appTenantSettings(organisationId: string, userId = ''): Record<string, string> {
  return tenantSettingsSignedWith(tenantKeysFrom(testPayloadKeys())[0]!, { organisationId, userId });
}
