import type { CapabilityStatementRestSecurity } from '@medplum/fhirtypes';
import { assertionAlgorithms, scopeAccess, scopeResourceTypes, writableResourceTypes } from './koppeling.schemas';

/*
 * What a koppeling needs to find the way in (SMART App Launch 2.x, Backend Services): the token
 * endpoint, the one way to authenticate there and the scopes there are. Served at
 * `<FHIR base>/.well-known/smart-configuration` and in the CapabilityStatement's `rest.security`.
 */

export const tokenPath = '/api/fhir/auth/token';

/** Every type's read scope, and a write scope only where a write is served (an integrator reads this to ask for scopes). */
export const supportedScopes = ['*', ...scopeResourceTypes].flatMap((type) =>
  scopeAccess
    .filter((access) => access === 'read' || type === '*' || writableResourceTypes.includes(type))
    .map((access) => `system/${type}.${access}`),
);

export function smartConfiguration(origin: string) {
  return {
    token_endpoint: new URL(tokenPath, origin).toString(),
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: [...assertionAlgorithms],
    grant_types_supported: ['client_credentials'],
    scopes_supported: supportedScopes,
    capabilities: ['client-confidential-asymmetric'],
  };
}

export function restSecurity(origin: string): CapabilityStatementRestSecurity {
  return {
    cors: false,
    service: [
      {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' }],
        text: 'SMART Backend Services: client credentials met een ondertekende JWT (private_key_jwt, RS384 of ES384).',
      },
    ],
    extension: [
      {
        url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
        extension: [{ url: 'token', valueUri: new URL(tokenPath, origin).toString() }],
      },
    ],
    description:
      'Een koppeling (lab, apotheek, regionaal uitwisselingspunt) wordt door een beheerder geregistreerd met haar publieke sleutels (JWKS) en scopes system/<type>.read|write; zij vraagt een token van vijf minuten aan bij het token-endpoint en stuurt het mee als Authorization: Bearer. Zorgverleners gebruiken hun sessie.',
  };
}
