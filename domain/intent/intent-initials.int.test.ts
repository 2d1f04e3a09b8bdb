import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createUser, validBsns } from '../../tests/support/factories';
import { appOrm } from '../../tests/support/app-orm';
import { createAiPort, type AiPort } from '../ai/ai.port';
import type { AuditActor } from '../audit/audit.service';
import type { MikroORM } from '../db/orm';
import { tenantOf, withTenant } from '../db/tenant';
import { searchPatients } from '../patient/patient.search';
import { createPatient } from '../patient/patient.service';
import { classifyCore } from './intent.service';

// ADR 0105, round nine: the reflex keeps initials in the name ("J.P. de Wit"); the patient search, on the real database,
// reads them as the first letters of the given names.
let orm: MikroORM;
let ai: AiPort;
let actor: AuditActor;
const ids: Record<'anna' | 'johannes', string> = { anna: '', johannes: '' };

beforeAll(async () => {
  orm = await appOrm();
  const organisation = await createOrganisation();
  const user = await createUser(organisation.id);
  actor = { organisationId: organisation.id, userId: user.id, role: user.role, channel: 'assistant' };
  // No model configured: the sentence is read by the local reflex only, as on a ward without one.
  ai = createAiPort({ orm, settings: { models: { default: 'none' } } });
  await withTenant(orm, tenantOf(actor), async (em) => {
    const people = [
      { key: 'anna', nameGiven: ['Anna'], bsn: validBsns[1]! },
      { key: 'johannes', nameGiven: ['Johannes', 'Pieter'], bsn: validBsns[2]! },
    ] as const;
    for (const person of people) {
      const created = await createPatient(em, actor, {
        nameGiven: [...person.nameGiven],
        namePrefix: 'de',
        familyName: 'Wit',
        bsn: person.bsn,
        birthDate: '1975-03-02',
        gender: 'female',
      });
      ids[person.key] = created.id;
    }
  });
});

afterAll(async () => {
  await orm?.close(true);
});

const search = (q: string) => withTenant(orm, tenantOf(actor), (em) => searchPatients(em, { q }));

describe('a name with initials finds the patient whose given names they begin', () => {
  it('ranks Johannes Pieter de Wit above Anna de Wit for “J.P. de Wit” and for “J. de Wit”', async () => {
    for (const q of ['J.P. de Wit', 'J. de Wit', 'j.p. de wit']) {
      const results = await search(q);
      expect(results.map((result) => result.id)).toEqual([ids.johannes, ids.anna]);
    }
    expect((await search('A. de Wit')).map((result) => result.id)).toEqual([ids.anna, ids.johannes]);
  });

  it('still finds both de Wits for the name without initials', async () => {
    expect(new Set((await search('de Wit')).map((result) => result.id))).toEqual(new Set([ids.anna, ids.johannes]));
  });

  it('resolves the chat’s “J.P. de Wit” to Johannes Pieter de Wit, keeping the initials until then', async () => {
    for (const input of ['zoek J.P. de Wit', 'wat zijn de risico’s van J. de Wit']) {
      const result = await classifyCore({ orm, ai }, actor, { input });
      expect(result.handledBy).toBe('reflex');
      expect(result.chain.actions[0]!.entities).toMatchObject({ patientId: ids.johannes, patientName: 'Johannes Pieter de Wit' });
    }
  });

  it('leaves “de Wit” alone unresolved, since two patients answer to it', async () => {
    const result = await classifyCore({ orm, ai }, actor, { input: 'zoek de Wit' });
    expect(result.chain.actions[0]!.entities.patientId).toBeUndefined();
  });
});
