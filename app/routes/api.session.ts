import { signedInApiRoute } from '../http.server';

/** The signed-in user, of any role; the shell polls it so an expired session is noticed before typing a note. */
export const loader = signedInApiRoute(async ({ user }) => ({
  user: { id: user.id, displayName: user.displayName, role: user.role, organisation: user.organisationName },
}));
