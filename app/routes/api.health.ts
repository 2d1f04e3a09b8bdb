import { checkHealth } from '../../temporal/health';
import { errorResponse, methodNotAllowed } from '../http.server';
import { getOrm, getTemporalClient } from '../services.server';

// Public by design (ops and `make dev` wait on it); it reveals component status only, no data.
export async function loader() {
  const orm = await getOrm();
  const report = await checkHealth({ orm, temporal: getTemporalClient });
  return Response.json(report, {
    status: report.status === 'ok' ? 200 : 503,
    headers: { 'Cache-Control': 'no-store' },
  });
}

// Public like the loader: no session to check, only the method.
export const action = async () => errorResponse(methodNotAllowed(['GET']));
