import { AppError } from '../domain/shared/errors';

/** Page loaders: a domain error becomes a response the route's error boundary can show in Dutch. */
export async function pageData<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      throw Response.json({ message: error.message }, { status: error.status });
    }
    throw error;
  }
}
