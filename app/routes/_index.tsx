import { redirect } from '@remix-run/node';

// A closed system: the root only leads to the login page.
export const loader = () => redirect('/login', 302);
