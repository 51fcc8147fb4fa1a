import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from './api-client';
import { isTransient, shouldRetryMutation, shouldRetryQuery, signsOut } from './retry-policy';

const apiError = (status: number, idempotent = false, code = `HTTP_${status}`) =>
  new ApiError({ status, code: status === 0 ? NETWORK_ERROR : code, message: '', idempotent });

describe('retries', () => {
  it('network failures, 429 and 5xx are transient; 4xx answers and other errors are not', () => {
    for (const status of [0, 429, 500, 502, 503, 504]) expect(isTransient(apiError(status)), String(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 422, 423]) {
      expect(isTransient(apiError(status)), String(status)).toBe(false);
    }
    expect(isTransient(new TypeError('bad JSON'))).toBe(false);
    expect(isTransient(null)).toBe(false);
  });

  it('a read is tried again up to 3 times after the first failure, never on a 4xx', () => {
    const attempts = (error: unknown) => {
      let failures = 0;
      while (shouldRetryQuery(failures, error)) failures++;
      return failures;
    };
    expect(attempts(apiError(503))).toBe(3);
    expect(attempts(apiError(0))).toBe(3);
    expect(attempts(apiError(429))).toBe(3);
    expect(attempts(apiError(404))).toBe(0);
    expect(attempts(apiError(401))).toBe(0);
  });

  it('a write is repeated only when it is idempotent', () => {
    expect(shouldRetryMutation(0, apiError(503, true))).toBe(true);
    expect(shouldRetryMutation(2, apiError(0, true))).toBe(true);
    expect(shouldRetryMutation(3, apiError(0, true))).toBe(false);
    expect(shouldRetryMutation(0, apiError(503, false))).toBe(false);
    expect(shouldRetryMutation(0, apiError(0, false))).toBe(false);
    expect(shouldRetryMutation(0, apiError(422, true))).toBe(false);
  });
});

describe('a 401 signs out', () => {
  it('a signed-in person in production, on any 401 but a refused login', () => {
    expect(signsOut(apiError(401, false, 'UNAUTHENTICATED'), true, true)).toBe(true);
    expect(signsOut(apiError(401, false, 'INVALID_CREDENTIALS'), true, true)).toBe(false);
    expect(signsOut(apiError(401, false, 'UNAUTHENTICATED'), false, true)).toBe(false);
    expect(signsOut(apiError(401, false, 'UNAUTHENTICATED'), true, false)).toBe(false);
    expect(signsOut(apiError(403, false, 'FORBIDDEN'), true, true)).toBe(false);
    expect(signsOut(new Error('401'), true, true)).toBe(false);
  });
});
