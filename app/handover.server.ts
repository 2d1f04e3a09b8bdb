import { redirect, type AppLoadContext } from '@remix-run/node';
import type { AuditActor } from '../domain/audit/audit.service';
import { handoverPeriods, handoverRoles, type HandoverPeriod, type HandoverRole } from '../domain/handover/handover.schemas';
import { tickHandoverAction, wardHandoverOf } from '../domain/handover/handover.use-cases';
import { requireUser } from './auth.server';
import { pageData } from './page.server';
import { actorFor, perform } from './tenant.server';

// The handover pages reach their use cases through this `.server` module, so the browser bundle
// never pulls in the ORM or the Temporal client behind them.
export {
  handoverDetailOf,
  handoverOverviewOf,
  handoverPageOf,
  recordHandoverOf,
  tickHandoverAction,
  wardHandoverOf,
} from '../domain/handover/handover.use-cases';
export { wardHandoverPdf } from '../domain/handover/ward.pdf';
export { generateHandover, handoverProgress, startWardHandover, wardHandoverProgress } from '../temporal/handover';

/**
 * A page's "actiepunt" form (the summary's checklist): tick or untick the item for this clinician,
 * then back to the page it was posted from — its own URL, never a target the form names.
 */
export async function tickFromForm(actor: AuditActor, request: Request, form: FormData): Promise<Response> {
  await pageData(
    perform(actor, tickHandoverAction, {
      summaryId: String(form.get('summaryId') ?? ''),
      item: String(form.get('actiepunt') ?? ''),
      body: { done: form.get('gedaan') === 'true' },
    }),
  );
  const url = new URL(request.url);
  return redirect(`${url.pathname}${url.search}`);
}

/** `value` when it is one of `options`, else `fallback` (a page parameter that is not allowed falls back, as an old link should still open). */
export function oneOf<T extends string>(options: readonly T[], value: string | null, fallback: T): T {
  return (options as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

/** The page's period (`periode`, default 24 hours) and role (`rol`, default the clinician's own) from its URL. */
export function handoverChoices(url: URL, userRole: HandoverRole): { period: HandoverPeriod; role: HandoverRole } {
  return {
    period: oneOf(handoverPeriods, url.searchParams.get('periode'), '1d'),
    role: oneOf(handoverRoles, url.searchParams.get('rol'), userRole),
  };
}

/** The ward handover the URL asks for, for the ward page, its print page and its PDF alike. */
export async function wardHandoverFor(request: Request, context: AppLoadContext, now = new Date()) {
  const user = await requireUser(request, context);
  const actor = actorFor(user, context, 'web');
  const { period, role } = handoverChoices(new URL(request.url), user.role);
  const ward = await pageData(perform(actor, wardHandoverOf, { query: { period, filterForRole: role }, now }));
  return { actor, ward };
}
