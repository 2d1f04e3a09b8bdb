import type { AppLoadContext } from '@remix-run/node';
import type { Params } from '@remix-run/react';
import { patientNotFound } from '../domain/patient/patient.service';
import { checkPatient } from '../domain/patient/patient.use-cases';
import { uuidOrNull } from '../domain/shared/ids';
import { requireUser } from './auth.server';
import { throwPageError } from './page-error.server';
import { actorFor, perform } from './tenant.server';

export { throwPageError };

/** Page loaders: a domain error becomes a response the route's error boundary can show in Dutch. */
export async function pageData<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throwPageError(error);
  }
}

/**
 * The record's own read of its patient in this request (the layout's loader), shared with the tab
 * loaders that run beside it: Remix hands all loaders of one request the same load context.
 */
const recordReads = new WeakMap<AppLoadContext, Map<string, Promise<unknown>>>();

/** The layout's read of the record (`_app.patients.$id`): started before anything else, so a tab can wait for it. */
export function recordRead<T>(context: AppLoadContext, patientId: string, read: () => Promise<T>): Promise<T> {
  const reads = recordReads.get(context) ?? new Map<string, Promise<unknown>>();
  recordReads.set(context, reads);
  const started = read();
  // The layout and a tab that waits each see a refusal themselves; this only keeps it from counting as unhandled.
  started.catch(() => undefined);
  reads.set(patientId, started);
  return started;
}

/**
 * The start of every loader and action of a patient's record tab: who acts, for which patient.
 * A page read first makes sure the patient is one of the organisation's: a tab's loader runs beside
 * the record's layout, and an unknown patient, or another organisation's, must get the layout's 404
 * here too, before anything is read and logged as read of that patient (NEN 7513). On a whole page
 * the tab waits for the layout's own read of the patient (no second transaction, no second row);
 * a tab loaded alone (a client-side switch of tab) checks the patient itself, and a refusal is
 * logged as the layout logs its own. Actions need no such step: their use cases are scoped to the
 * page's patient and refuse themselves.
 */
export async function patientPage({ request, params, context }: { request: Request; params: Params; context: AppLoadContext }) {
  const user = await requireUser(request, context);
  const patientId = uuidOrNull(params.id);
  if (!patientId) throw Response.json({ message: patientNotFound }, { status: 404 });
  const actor = actorFor(user, context, 'web');
  if (request.method === 'GET' || request.method === 'HEAD') {
    const layoutRead = recordReads.get(context)?.get(patientId);
    if (layoutRead) await layoutRead;
    else await pageData(perform(actor, checkPatient, { patientId }));
  }
  return { user, actor, patientId };
}
