import { methodNotAllowed, sessionCheckRoute } from '../http.server';

/** The signed-in user, of any role; the shell polls it so an expired session is noticed before typing a note. */
export const loader = sessionCheckRoute(async ({ user }) => ({
  user: { id: user.id, displayName: user.displayName, role: user.role, organisation: user.organisationName },
}));

export const action = sessionCheckRoute(async () => {
  throw methodNotAllowed(['GET']);
});
