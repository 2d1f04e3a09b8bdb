import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

/** `base` sends the request to another app process than the stack's (the fault tests start their own). */
export function request(path: string, init: RequestInit & { cookie?: string; base?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('Cookie', init.cookie);
  return fetch(`${init.base ?? baseUrl()}${path}`, { ...init, headers, redirect: 'manual' });
}

/** Logs in through the real login form; returns the session cookie (name=value) or the failed response. */
export async function login(
  email: string,
  password: string,
  base?: string,
): Promise<{ response: Response; cookie?: string; setCookie?: string }> {
  const response = await request('/login', {
    base,
    method: 'POST',
    body: new URLSearchParams({ email, password, intent: 'login' }),
  });
  const setCookie = response.headers.get('set-cookie') ?? undefined;
  const cookie = setCookie?.split(';')[0];
  return { response, cookie, setCookie };
}

export function json(
  path: string,
  init: Omit<RequestInit, 'body'> & { cookie?: string; base?: string; body?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  const body = init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  return request(path, { ...init, headers, body });
}
