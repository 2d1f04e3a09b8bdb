import { apiRoute } from '../http.server';

/** The signed-in user; the shell polls it so an expired session is noticed before typing a note. */
export const loader = apiRoute(async ({ user }) => ({
  user: { id: user.id, displayName: user.displayName, role: user.role, organisation: user.organisationName },
}));
