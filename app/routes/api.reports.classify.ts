import { classifyReportLocally } from '../../domain/report/report.classify';
import { apiRoute, postOnlyLoader, readJson, requirePost } from '../http.server';

/** Type, category and handover relevance of a report text (local deterministic path until the AI port exists). */
export const loader = postOnlyLoader;

export const action = apiRoute(async ({ request }) => {
  requirePost(request);
  return classifyReportLocally(await readJson(request));
});
