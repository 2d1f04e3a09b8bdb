import { inject } from 'vitest';
import type { Activities } from '../../workers/activities';
import { createWorker } from '../../workers/worker';

/**
 * An in-process worker on a task queue of one test, so the stack's worker never picks up its
 * tasks; `stop` shuts it down the way a restarted worker process would go.
 */
export async function startTestWorker(taskQueue: string, activities: Activities): Promise<{ stop(): Promise<void> }> {
  const started = await createWorker({ address: inject('temporalAddress'), namespace: 'default', taskQueue, activities });
  const running = started.worker.run();
  return {
    async stop() {
      started.worker.shutdown();
      await running;
      await started.connection.close();
    },
  };
}
