import { ApiError } from './api-client';

// What a failed API call means for the app (spec: "most calls retry 3 times"; "on a 401 in production the user is
// logged out"). Pure rules: app/query-client.ts applies them.

/** Tries after the first failure. */
export const MAX_RETRIES = 3;

/** A failure that may pass on its own: no HTTP answer (network), too many requests (429), a server error (5xx). */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/** Reads: a transient failure is tried again, up to 3 times; a 4xx is an answer and never retried. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isTransient(error);
}

/**
 * Writes: as reads, but only a call that is safe to repeat (PUT, DELETE, or a POST with an Idempotency-Key the server
 * deduplicates): a repeated plain POST could place a second order.
 */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return shouldRetryQuery(failureCount, error) && error instanceof ApiError && error.idempotent;
}

/**
 * A 401 on any call means the session is gone (expired, signed out elsewhere, an agent's account disabled): the
 * signed-in person, customer or agent, is signed out. Not a wrong password at login (INVALID_CREDENTIALS), not when
 * nobody was signed in, and not on development builds (the spec: never on development hosts).
 */
export function signsOut(error: unknown, signedIn: boolean, production: boolean): boolean {
  return (
    production && signedIn && error instanceof ApiError && error.status === 401 && error.code !== 'INVALID_CREDENTIALS'
  );
}
