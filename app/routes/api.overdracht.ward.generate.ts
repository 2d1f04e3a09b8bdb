import { startWardHandover } from '../handover.server';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';
import { requireTemporal } from '../services.server';
import { actorFor } from '../tenant.server';

export const loader = postOnlyLoader;

/** `{period?, filterForRole?}` → 202 and the progress of the ward handover (started, or the running one joined). */
export const action = apiRoute(async ({ request, user, context }) => {
  requirePost(request);
  const body = await readJson(request);
  const progress = await startWardHandover(await requireTemporal(), actorFor(user, context, 'api'), body);
  return Response.json(progress, {
    status: 202,
    headers: {
      'Cache-Control': 'no-store',
      Location: `/api/overdracht/ward/generate/status?${new URLSearchParams({ period: progress.period, filterForRole: progress.filterForRole })}`,
    },
  });
});
