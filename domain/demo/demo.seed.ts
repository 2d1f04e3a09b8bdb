import { Organisation, User } from '../auth/auth.entities';
import { hashPassword } from '../auth/password';
import type { MikroORM } from '../db/orm';
import { withTenant } from '../db/tenant';
import { Patient } from '../patient/patient.entity';
import { demoAccounts, demoOrganisation, demoPassword } from './demo-accounts';
import { generatePatient, insertPatients, random, type GeneratedPatient } from './patient-generator';

/** The ward's recognisable patients, then generated ones: names with prefixes, valid BSNs, insurers. */
function demoPatients(): GeneratedPatient[] {
  const rnd = random(20261122);
  const used = new Set<string>();
  const patients = Array.from({ length: 36 }, () => generatePatient(rnd, used));
  const known: GeneratedPatient[] = [
    { status: 'active', input: { ...generatePatient(rnd, used).input, nameGiven: ['Jan'], namePrefix: 'de', familyName: 'Vries', gender: 'male', birthDate: '1971-04-12' } },
    { status: 'active', input: { ...generatePatient(rnd, used).input, nameGiven: ['Fatima'], namePrefix: 'el', familyName: 'Amrani', gender: 'female', birthDate: '1994-09-30' } },
    { status: 'screening', input: { ...generatePatient(rnd, used).input, nameGiven: ['Pieter', 'Willem'], namePrefix: 'van der', familyName: 'Berg', gender: 'male', birthDate: '1958-01-03' } },
    { status: 'planned', input: { nameGiven: [], familyName: 'Onbekend', johnDoe: true, gender: 'male', address: {}, contact: {}, insurance: {} } },
  ];
  return [...known, ...patients];
}

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
    await em.flush();
    if ((await em.count(Patient, {})) === 0) await insertPatients(em, demoOrganisation.id, demoPatients());
  });
}
