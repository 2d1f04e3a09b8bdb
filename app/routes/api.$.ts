import { AppError } from '../../domain/shared/errors';
import { apiRoute } from '../http.server';

// Unknown API paths answer like every API route: 401 without a session, else a Dutch 404.
const notFound = apiRoute(async () => {
  throw AppError.notFound('Deze API-route bestaat niet.');
});

export const loader = notFound;
export const action = notFound;
