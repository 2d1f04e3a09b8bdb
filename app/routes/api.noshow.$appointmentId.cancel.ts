import { startNoShow } from '../../temporal/noshow';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { noShowDeps } from '../noshow.server';
import { actorFor } from '../tenant.server';

export const loader = postOnlyLoader;

/**
 * The first step: `{followUp?}` → the appointment becomes `niet-verschenen` and the process goes on
 * to rewrite the letter; 201 with the context when it started, 200 when it joined the running (or
 * finished) one.
 */
export const action = apiRoute(async ({ request, params, user, context }) => {
  requirePost(request);
  const body = await readJson(request);
  const { created, context: noShow } = await startNoShow(
    await noShowDeps(),
    actorFor(user, context, 'assistant'),
    params.appointmentId ?? '',
    body,
  );
  return Response.json(noShow, { status: created ? 201 : 200, headers: { 'Cache-Control': 'no-store' } });
});
