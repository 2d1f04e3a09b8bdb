import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../workers/activities';

const { checkDatabase } = proxyActivities<Activities>({
  startToCloseTimeout: '3 seconds',
  // A health probe reports what it sees now; retrying would only hide a failure.
  retry: { maximumAttempts: 1 },
});

export interface HealthCheckResult {
  database: boolean;
}

/** A real round trip: app → Temporal → worker → activity → PostgreSQL and back. */
export async function healthCheck(): Promise<HealthCheckResult> {
  return { database: await checkDatabase() };
}
