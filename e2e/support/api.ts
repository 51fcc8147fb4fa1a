// The API as a browser calls it: with the context's own session cookie and that session's CSRF token. Where a page
// has just been opened, wait for it to open the session first (waitForLoadState('networkidle')): two first requests
// without a cookie would each start a session of their own.
import { expect, type APIRequestContext } from '@playwright/test';

/** A browser context or page: both call the API with the context's cookies. */
export interface HasRequest {
  request: APIRequestContext;
}

/** The CSRF token of this context's session (opening one for a store when given). */
export async function csrfToken(on: HasRequest, store?: number): Promise<string> {
  const session = (await (
    await on.request.get(store === undefined ? '/api/session' : `/api/session?store=${store}`)
  ).json()) as { csrf_token: string };
  return session.csrf_token;
}

/** Calls the API as this browser, with the session's CSRF token; the body is JSON. */
export async function apiCall(
  on: HasRequest,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const token = await csrfToken(on);
  const res = await on.request.fetch(path, {
    method,
    headers: { 'x-csrf-token': token, 'content-type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status(), json: await res.json().catch(() => null) };
}

/** Signs in through the API of a context (its own cookies), as the SPA does. */
export async function apiLogin(on: HasRequest, email: string, password: string): Promise<void> {
  const res = await on.request.post('/api/auth/login', {
    data: { email, password },
    headers: { 'x-csrf-token': await csrfToken(on) },
  });
  expect(res.status()).toBe(200);
}
