import { defineUseCase } from '../audit/use-case';
import { registerKoppeling, revokeKoppeling, storeAccessToken, type AccessTokenGrant } from './koppeling.service';

/*
 * A koppeling (a lab's device, an exchange) is the organisation's machine client: a beheerder
 * registers it, and it asks for its own tokens. Neither access concerns a patient.
 */

/** A beheerder registers a koppeling (name, public keys, scopes); its id is the OAuth client_id. */
export const registerClient = defineUseCase({
  name: 'koppeling.register',
  action: 'create',
  resourceType: 'Koppeling',
  patients: () => [],
  run: (em, actor, input: unknown) => registerKoppeling(em, actor, input),
  logged: (koppeling) => ({ resourceId: koppeling.id }),
});

/** A beheerder revokes a koppeling: no new tokens, and the ones it holds stop at their next call. */
export const revokeClient = defineUseCase({
  name: 'koppeling.revoke',
  action: 'update',
  resourceType: 'Koppeling',
  patients: () => [],
  run: (em, _actor, { id }: { id: string }) => revokeKoppeling(em, id),
  logged: (koppeling) => ({ resourceId: koppeling.id, details: { revoked: true } }),
});

/** A koppeling's token issued (its assertion verified before): the log names the scopes granted, never the token. */
export const issueAccessToken = defineUseCase({
  name: 'koppeling.token',
  action: 'create',
  resourceType: 'AccessToken',
  patients: () => [],
  run: (em, actor, grant: AccessTokenGrant) => storeAccessToken(em, actor.organisationId, grant),
  logged: (_stored, grant) => ({ details: { scopes: grant.scopes } }),
});
