import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { issueAccessToken, registerClient, revokeClient } from '../../../domain/koppeling/koppeling.use-cases';
import { baseUrl, json, request } from '../../support/http';
import { doorCase, statusOf } from './doors';

/*
 * A koppeling's accesses name no patient: their rows are those the beheerder, or the koppeling
 * itself, left.
 */

const publicJwks = async () => {
  const { publicKey, privateKey } = await generateKeyPair('ES384');
  const kid = randomUUID();
  return { jwks: { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES384' }] }, privateKey, kid };
};

const register = (cookie: string, jwks: unknown) =>
  json('/api/beheer/koppelingen', {
    method: 'POST',
    cookie,
    body: { name: `Lab ${randomUUID()}`, jwks, scopes: ['system/Observation.write'] },
  });

export const cases = [
  doorCase({
    useCase: registerClient,
    role: 'beheerder',
    arrange: async () => ({ patientId: '' }),
    rowsBy: ({ user }) => user.id,
    doors: {
      api: async ({ cookie }) => statusOf(register(cookie, (await publicJwks()).jwks)),
      page: async ({ cookie }) =>
        statusOf(
          request('/beheer/koppelingen', {
            method: 'POST',
            cookie,
            body: new URLSearchParams([
              ['intent', 'registreren'],
              ['name', `Lab ${randomUUID()}`],
              ['jwks', JSON.stringify((await publicJwks()).jwks)],
              ['scopes', 'system/Observation.write'],
            ]),
          }),
        ),
    },
  }),
  doorCase({
    useCase: revokeClient,
    role: 'beheerder',
    arrange: async ({ cookie }) => {
      const registered = await register(cookie, (await publicJwks()).jwks);
      const { koppeling } = (await registered.json()) as { koppeling: { id: string } };
      return { patientId: '', clientId: koppeling.id };
    },
    rowsBy: ({ user }) => user.id,
    doors: {
      api: ({ cookie }, { clientId }) => statusOf(request(`/api/beheer/koppelingen/${clientId}/intrekken`, { method: 'POST', cookie })),
      page: ({ cookie }, { clientId }) =>
        statusOf(
          request('/beheer/koppelingen', {
            method: 'POST',
            cookie,
            body: new URLSearchParams({ intent: 'intrekken', id: clientId }),
          }),
        ),
    },
  }),
  doorCase({
    useCase: issueAccessToken,
    role: 'beheerder',
    arrange: async ({ cookie }) => {
      const { jwks, privateKey, kid } = await publicJwks();
      const registered = await register(cookie, jwks);
      const { koppeling } = (await registered.json()) as { koppeling: { id: string } };
      return { patientId: '', clientId: koppeling.id, privateKey, kid };
    },
    rowsBy: (_beheerder, { clientId }) => clientId,
    doors: {
      token: async (_beheerder, { clientId, privateKey, kid }) => {
        const assertion = await new SignJWT({ jti: randomUUID() })
          .setProtectedHeader({ alg: 'ES384', kid, typ: 'JWT' })
          .setIssuer(clientId)
          .setSubject(clientId)
          .setAudience(`${baseUrl()}/api/fhir/auth/token`)
          .setIssuedAt()
          .setExpirationTime('4m')
          .sign(privateKey);
        return statusOf(
          request('/api/fhir/auth/token', {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              grant_type: 'client_credentials',
              client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
              client_assertion: assertion,
              scope: 'system/Observation.write',
            }),
          }),
        );
      },
    },
  }),
];
