import { asDomainError } from '../domain/db/db-errors';
import type { AppLoadContext } from '@remix-run/node';
import type { Params } from '@remix-run/react';
import { patientNotFound } from '../domain/patient/patient.service';
import { uuidOrNull } from '../domain/shared/ids';
import { requireUser } from './auth.server';
import { actorFor } from './tenant.server';
import { AppError } from '../domain/shared/errors';

/** Page loaders: a domain error becomes a response the route's error boundary can show in Dutch. */
export async function pageData<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throwPageError(error);
  }
}

/** Rethrows a domain error below 500 as the Dutch response of the route's error boundary; anything else as is. */
export function throwPageError(thrown: unknown): never {
  const error = asDomainError(thrown);
  if (error instanceof AppError && error.status < 500) {
    throw Response.json({ message: error.message }, { status: error.status });
  }
  throw error;
}

/** The start of every loader and action of a patient's record tab: who acts, for which patient. */
export async function patientPage({ request, params, context }: { request: Request; params: Params; context: AppLoadContext }) {
  const user = await requireUser(request, context);
  const patientId = uuidOrNull(params.id);
  if (!patientId) throw Response.json({ message: patientNotFound }, { status: 404 });
  return { user, actor: actorFor(user, context, 'web'), patientId };
}
