import { listKoppelingen } from '../../domain/koppeling/koppeling.service';
import { registerClient } from '../../domain/koppeling/koppeling.use-cases';
import { AppError } from '../../domain/shared/errors';
import { methodNotAllowed, readJson, sessionCheckRoute } from '../http.server';
import { actorFor, inTenant, perform } from '../tenant.server';

const onlyBeheerder = 'Koppelingen registreert een functioneel beheerder.';

/** The organisation's koppelingen (SMART Backend Services clients): the beheerder lists them… */
export const loader = sessionCheckRoute(async ({ user }) => {
  if (user.role !== 'beheerder') throw AppError.forbidden(onlyBeheerder);
  return { koppelingen: await inTenant(user, listKoppelingen) };
});

/** …and registers one with its name, public keys (JWKS) and scopes; the answer's id is its client_id. */
export const action = sessionCheckRoute(async ({ request, user, context }) => {
  if (request.method !== 'POST') throw methodNotAllowed(['GET', 'POST']);
  if (user.role !== 'beheerder') throw AppError.forbidden(onlyBeheerder);
  const actor = actorFor(user, context, 'api');
  const input = await readJson(request);
  const koppeling = await perform(actor, registerClient, input);
  return Response.json({ koppeling }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});
