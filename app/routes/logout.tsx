import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { clearedSessionCookie, endSession } from '../auth.server';

export async function action({ request }: ActionFunctionArgs) {
  await endSession(request);
  return redirect('/login?reden=uitgelogd', { headers: { 'Set-Cookie': await clearedSessionCookie() } });
}

// Logging out changes state, so a plain link (GET) does not do it.
export const loader = () => redirect('/login');
