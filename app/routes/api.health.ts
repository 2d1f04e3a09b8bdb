import { checkHealth } from '../../domain/health/health.service';
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
