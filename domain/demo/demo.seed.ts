import { Organisation, User } from '../auth/auth.entities';
import { hashPassword } from '../auth/password';
import type { MikroORM } from '../db/orm';
import { withTenant } from '../db/tenant';
import { demoAccounts, demoOrganisation, demoPassword } from './demo-accounts';

/** Idempotent: creates the demo organisation and its two users when they are missing. */
export async function seedDemo(ownerOrm: MikroORM): Promise<void> {
  await withTenant(ownerOrm, { organisationId: demoOrganisation.id }, async (em) => {
    if (!(await em.findOne(Organisation, { id: demoOrganisation.id }))) {
      em.create(Organisation, { id: demoOrganisation.id, name: demoOrganisation.name });
      await em.flush();
    }
    for (const [role, account] of Object.entries(demoAccounts) as [keyof typeof demoAccounts, (typeof demoAccounts)[keyof typeof demoAccounts]][]) {
      if (await em.findOne(User, { email: account.email })) continue;
      em.create(User, {
        organisationId: demoOrganisation.id,
        email: account.email,
        displayName: account.displayName,
        role,
        passwordHash: await hashPassword(demoPassword),
      });
    }
  });
}
