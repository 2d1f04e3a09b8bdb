import { classifyReportLocally } from '../../domain/report/report.classify';
import { AppError } from '../../domain/shared/errors';
import { apiRoute, readJson } from '../http.server';

/** Type, category and handover relevance of a report text (local deterministic path until the AI port exists). */
export const action = apiRoute(async ({ request }) => {
  if (request.method !== 'POST') throw new AppError('method_not_allowed', 'Gebruik POST op deze route.');
  return classifyReportLocally(await readJson(request));
});
