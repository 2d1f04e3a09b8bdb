import { retryWorkflowRun } from '../../../domain/ops/ops.use-cases';
import { request } from '../../support/http';
import { failedHealthCheck } from '../../support/workflows';
import { doorCase, statusOf } from './doors';

/*
 * Starting a failed run again is a beheerder's action about no patient: its rows are the ones the
 * beheerder left. Its one door is the beheer page's form (ADR 0073); a health check is the run
 * the page may start again.
 */

export const cases = [
  doorCase({
    useCase: retryWorkflowRun,
    role: 'beheerder',
    arrange: async () => ({ patientId: '', workflowId: (await failedHealthCheck('Database kwijt voor de deurtest')).workflowId }),
    rowsBy: ({ user }) => user.id,
    doors: {
      page: ({ cookie }, { workflowId }) =>
        statusOf(request('/beheer/workflows', { method: 'POST', cookie, body: new URLSearchParams({ workflowId }) })),
    },
  }),
];
