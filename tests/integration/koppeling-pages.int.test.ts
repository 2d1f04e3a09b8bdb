import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBsn } from '../../domain/demo/patient-generator';
import { asOwner, createUser, registerPatient, signedInUser, type SignedIn } from '../support/factories';
import { login, request } from '../support/http';
import { askToken, assertion, bearerClient, tokenFor, type Registered } from '../support/koppeling';

/*
 * Issue 46, build point 1 (ADR 0099): a beheerder registers and revokes the organisation's
 * koppelingen on a page in the product, with plain form posts (no JavaScript needed), Dutch field
 * messages, and the same use cases as the API. A koppeling registered on the page gets its token
 * with its own key, given pasted or published at a URL; once revoked it gets nothing.
 */

let beheerder: SignedIn;
let elsewhere: SignedIn;
let nurseCookie: string;
let patientId: string;
let jwksServer: Server;
let jwksUrl: string;
const published = { keys: [] as Record<string, unknown>[] };

const page = (cookie = beheerder.cookie) => request('/beheer/koppelingen', { cookie });
const post = (fields: [string, string][], cookie = beheerder.cookie) =>
  request('/beheer/koppelingen', { method: 'POST', cookie, body: new URLSearchParams(fields) });
const registration = (name: string, keys: { jwks?: string; jwksUrl?: string }, scopes: string[]): [string, string][] => [
  ['intent', 'registreren'],
  ['name', name],
  ['jwksUrl', keys.jwksUrl ?? ''],
  ['jwks', keys.jwks ?? ''],
  ...scopes.map((scope): [string, string] => ['scopes', scope]),
];

async function keyPair() {
  const { publicKey, privateKey } = await generateKeyPair('ES384', { extractable: true });
  const kid = randomUUID();
  return { publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES384' }, privateJwk: await exportJWK(privateKey), privateKey, kid };
}

/** The client id the page redirected to after registering. */
function registeredId(response: Response): string {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!, 'http://x');
  expect(location.pathname).toBe('/beheer/koppelingen');
  expect(location.searchParams.get('melding')).toBe('geregistreerd');
  return location.searchParams.get('koppeling')!;
}

beforeAll(async () => {
  beheerder = await signedInUser('beheerder');
  elsewhere = await signedInUser('beheerder');
  const nurse = await createUser(beheerder.organisationId, { role: 'verpleegkundige' });
  nurseCookie = (await login(nurse.email, nurse.password)).cookie!;
  patientId = await registerPatient(nurseCookie, {
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: generateBsn(Math.random) }],
  });
  // The integrator's own key server, as a lab would publish its keys.
  jwksServer = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(published));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/.well-known/jwks.json`;
});

afterAll(() => new Promise<void>((resolve) => jwksServer.close(() => resolve())));

describe('the koppelingen page', () => {
  it('is the beheerder’s only: a clinician gets the Dutch 403, and without a session it goes to the login', async () => {
    const refused = await page(nurseCookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Deze pagina is alleen voor functioneel beheerders.');
    expect((await post(registration('Lab', {}, []), nurseCookie)).status).toBe(403);
    const anonymous = await page('');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toContain('/login');
  });

  it('offers a read scope for every type and a write scope only where the API takes writes', async () => {
    const response = await page();
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Nog geen koppelingen');
    for (const scope of ['system/Coverage.read', 'system/AuditEvent.read', 'system/Observation.write', 'system/*.read'])
      expect(html).toContain(`value="${scope}"`);
    for (const scope of ['system/Coverage.write', 'system/AuditEvent.write']) expect(html).not.toContain(`value="${scope}"`);
  });

  it('refuses what is wrong with Dutch messages on the fields, keeping what was typed', async () => {
    const tooShort = await post(registration('L', {}, []));
    expect(tooShort.status).toBe(400);
    const html = await tooShort.text();
    expect(html).toContain('Geef de koppeling een naam van ten minste 2 tekens.');
    expect(html).toContain('Kies ten minste één scope.');
    expect(html).toContain('value="L"');

    const noKeys = await post(registration('Lab Noord', {}, ['system/Observation.read']));
    expect(noKeys.status).toBe(400);
    const noKeysHtml = await noKeys.text();
    expect(noKeysHtml).toContain('Geef de publieke sleutels: een JWKS-URL of de JWKS zelf.');
    // The chosen scope stays chosen.
    expect(noKeysHtml).toMatch(/<input(?=[^>]*value="system\/Observation\.read")(?=[^>]*checked="")[^>]*>/);
    expect(noKeysHtml).not.toMatch(/<input(?=[^>]*value="system\/Patient\.read")(?=[^>]*checked="")[^>]*>/);

    const { privateJwk } = await keyPair();
    const privateKey = await post(
      registration('Lab Noord', { jwks: JSON.stringify({ keys: [{ ...privateJwk, kid: 'k1' }] }) }, ['system/Observation.read']),
    );
    expect(privateKey.status).toBe(400);
    expect(await privateKey.text()).toContain('De JWKS bevat een privésleutel (d): stuur alleen de publieke sleutel.');

    const notJson = await post(registration('Lab Noord', { jwks: '{kapot' }, ['system/Observation.read']));
    expect(notJson.status).toBe(400);
    expect(await notJson.text()).toContain('Geef de publieke sleutels als JWKS');

    const plainHttp = await post(registration('Lab Noord', { jwksUrl: 'http://lab.example.nl/jwks.json' }, ['system/Observation.read']));
    expect(plainHttp.status).toBe(400);
    expect(await plainHttp.text()).toContain('Geef een https-adres');

    const unreachable = await post(registration('Lab Noord', { jwksUrl: 'http://127.0.0.1:9/jwks.json' }, ['system/Observation.read']));
    expect(unreachable.status).toBe(400);
    expect(await unreachable.text()).toContain('De JWKS-URL is niet bereikbaar.');
  });

  it('registers a koppeling with a pasted JWKS that then gets its token and reads, and revokes it so that it stops', async () => {
    const key = await keyPair();
    const id = registeredId(
      await post(
        registration('Declaratiesysteem', { jwks: JSON.stringify({ keys: [key.publicJwk] }) }, [
          'system/Patient.read',
          'system/Coverage.read',
        ]),
      ),
    );
    const listed = await (await request(`/beheer/koppelingen?melding=geregistreerd&koppeling=${id}`, { cookie: beheerder.cookie })).text();
    expect(listed).toContain('De koppeling is geregistreerd.');
    expect(listed).toContain(id);
    expect(listed).toContain('system/Patient.read system/Coverage.read');

    const registered: Registered = { clientId: id, privateKey: key.privateKey, kid: key.kid };
    const token = await tokenFor(registered, 'system/Coverage.read');
    const coverage = await bearerClient(token).readResource('Coverage', patientId, { cache: 'no-cache' });
    expect(coverage.beneficiary.reference).toBe(`Patient/${patientId}`);

    // Another organisation's beheerder neither sees it nor can revoke it.
    expect(await (await page(elsewhere.cookie)).text()).not.toContain(id);
    const theirs = await post(
      [
        ['intent', 'intrekken'],
        ['id', id],
      ],
      elsewhere.cookie,
    );
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toContain('Deze koppeling is niet gevonden.');
    expect((await request(`/api/beheer/koppelingen/${id}/intrekken`, { method: 'POST', cookie: elsewhere.cookie })).status).toBe(404);

    const revoked = await post([
      ['intent', 'intrekken'],
      ['id', id],
    ]);
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get('location')).toContain('melding=ingetrokken');
    const after = await (await page()).text();
    expect(after).toMatch(/Ingetrokken \d/);
    // The token it holds stops at its next call, and it gets no new one.
    expect((await request(`/api/fhir/Coverage/${patientId}`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await askToken(await assertion(registered), 'system/Coverage.read')).status).toBe(401);

    const rows = await asOwner(
      beheerder.organisationId,
      async (db) =>
        (
          await db.query<{ action: string; resource_id: string; channel: string }>(
            `select action, resource_id, channel from audit_events
            where organisation_id = $1 and user_id = $2 and resource_type = 'Koppeling' and outcome = 'success' order by occurred_at`,
            [beheerder.organisationId, beheerder.user.id],
          )
        ).rows,
    );
    expect(rows).toEqual([
      { action: 'create', resource_id: id, channel: 'web' },
      { action: 'update', resource_id: id, channel: 'web' },
    ]);
  });

  it('registers a koppeling whose keys are published at a JWKS URL, and reads them there when a token is asked', async () => {
    const first = await keyPair();
    published.keys = [first.publicJwk];
    const id = registeredId(await post(registration('Regionaal uitwisselingspunt', { jwksUrl }, ['system/Patient.read'])));
    expect(await (await page()).text()).toContain(jwksUrl);

    // The integrator replaces its key at the URL before its first token: the new key counts, the old one no longer.
    const second = await keyPair();
    published.keys = [second.publicJwk];
    const withNew = await askToken(
      await assertion({ clientId: id, privateKey: second.privateKey, kid: second.kid }),
      'system/Patient.read',
    );
    expect(withNew.status, await withNew.clone().text()).toBe(200);
    const withOld = await askToken(await assertion({ clientId: id, privateKey: first.privateKey, kid: first.kid }), 'system/Patient.read');
    expect(withOld.status).toBe(401);
    expect(((await withOld.json()) as { error: string }).error).toBe('invalid_client');
  });

  it('revokes through the API too, with the same use case', async () => {
    const key = await keyPair();
    const id = registeredId(
      await post(registration('Apotheek', { jwks: JSON.stringify({ keys: [key.publicJwk] }) }, ['system/Patient.read'])),
    );
    expect((await request(`/api/beheer/koppelingen/${id}/intrekken`, { method: 'POST', cookie: nurseCookie })).status).toBe(403);
    const revoked = await request(`/api/beheer/koppelingen/${id}/intrekken`, { method: 'POST', cookie: beheerder.cookie });
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as { koppeling: { disabled: boolean } }).koppeling.disabled).toBe(true);
    expect(
      (await askToken(await assertion({ clientId: id, privateKey: key.privateKey, kid: key.kid }), 'system/Patient.read')).status,
    ).toBe(401);
    expect((await request(`/api/beheer/koppelingen/${randomUUID()}/intrekken`, { method: 'POST', cookie: beheerder.cookie })).status).toBe(
      404,
    );
  });
});
