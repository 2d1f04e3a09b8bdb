import { defineUseCase } from '../audit/use-case';
import { parseOrThrow } from '../shared/validation';
import { retryWorkflowSchema } from './ops.schemas';

/**
 * A beheerder starts a failed run again (ADR 0073). The start itself is Temporal's (the app's client
 * layer hands it in as `restart`, so this module stays free of Temporal); the declaration makes it
 * a logged beheerder action like any other: who, which run, the new run or why it was refused.
 */
export const retryWorkflowRun = defineUseCase({
  name: 'workflow.retry',
  action: 'create',
  resourceType: 'Workflow',
  patients: () => [],
  allowed: (actor) => actor.role === 'beheerder',
  refusal: 'Alleen een functioneel beheerder start een workflow opnieuw.',
  run: async (_em, _actor, input: { workflowId: string; restart: (workflowId: string) => Promise<{ runId: string }> }) => {
    const { workflowId } = parseOrThrow(retryWorkflowSchema, { workflowId: input.workflowId });
    return { workflowId, ...(await input.restart(workflowId)) };
  },
  logged: (run) => ({ resourceId: null, details: { workflowId: run.workflowId, runId: run.runId } }),
  attemptDetails: (input) => ({ workflowId: typeof input?.workflowId === 'string' ? input.workflowId.slice(0, 200) : null }),
});
