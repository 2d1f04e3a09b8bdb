import { MedplumClient } from '@medplum/core';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { baseUrl, json, request } from './http';

/*
 * A koppeling as an integrator sets it up (ADR 0052): a beheerder registers its public key and
 * scopes, the client signs a JWT with its own key (`jose`) and trades it for a bearer token at the
 * token endpoint (SMART Backend Services).
 */

export interface Registered {
  clientId: string;
  privateKey: CryptoKey;
  kid: string;
}

export async function register(beheerderCookie: string, name: string, scopes: string[]): Promise<Registered> {
  const { publicKey, privateKey } = await generateKeyPair('ES384');
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES384' };
  const response = await json('/api/beheer/koppelingen', {
    method: 'POST',
    cookie: beheerderCookie,
    body: { name, jwks: { keys: [jwk] }, scopes },
  });
  expect(response.status).toBe(201);
  const { koppeling } = (await response.json()) as { koppeling: { id: string } };
  return { clientId: koppeling.id, privateKey, kid };
}

export const tokenUrl = () => `${baseUrl()}/api/fhir/auth/token`;

export async function assertion(who: Registered, overrides: { jti?: string; key?: CryptoKey } = {}): Promise<string> {
  return new SignJWT({ jti: overrides.jti ?? randomUUID() })
    .setProtectedHeader({ alg: 'ES384', kid: who.kid, typ: 'JWT' })
    .setIssuer(who.clientId)
    .setSubject(who.clientId)
    .setAudience(tokenUrl())
    .setIssuedAt()
    .setExpirationTime('4m')
    .sign(overrides.key ?? who.privateKey);
}

export function askToken(clientAssertion: string, scope: string): Promise<Response> {
  return request('/api/fhir/auth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: clientAssertion,
      scope,
    }),
  });
}

export async function tokenFor(who: Registered, scope: string): Promise<string> {
  const response = await askToken(await assertion(who), scope);
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Medplum's FHIR client, every call with the koppeling's bearer token. */
export function bearerClient(token: string): MedplumClient {
  return new MedplumClient({
    baseUrl: `${baseUrl()}/`,
    fhirUrlPath: 'api/fhir',
    fetch: (url: string, options?: RequestInit) =>
      fetch(url, { ...options, headers: { ...(options?.headers as Record<string, string>), Authorization: `Bearer ${token}` } }),
  });
}
