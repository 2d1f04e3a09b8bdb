/**
 * Browser-side fetch for the JSON API. Any 401 means the session is gone: the clinician is sent
 * to the login page with the "sessie verlopen" notice and returns to the same page afterwards.
 */
export class SessionExpiredError extends Error {
  override name = 'SessionExpiredError';
}

function loginUrlForExpiredSession(location: Pick<Location, 'pathname' | 'search'>): string {
  const params = new URLSearchParams({ redirectTo: `${location.pathname}${location.search}`, reden: 'verlopen' });
  return `/login?${params}`;
}

let leaving = false;

/**
 * Sends the browser to the login page once: a chat message fires two requests (routing and
 * reply), and a second navigation would abort the first one mid-flight.
 */
export function leaveForExpiredSession(): void {
  if (leaving) return;
  leaving = true;
  window.location.assign(loginUrlForExpiredSession(window.location));
}

export async function apiFetch(input: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, { credentials: 'same-origin', ...init, headers: { Accept: 'application/json', ...init?.headers } });
  if (response.status === 401) {
    leaveForExpiredSession();
    throw new SessionExpiredError('Sessie verlopen, log opnieuw in.');
  }
  return response;
}
