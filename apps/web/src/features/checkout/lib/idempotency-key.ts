import { readJson, removeItem, writeJson } from '../../../shared/lib/session-storage';
import { randomUuid } from '../../../shared/lib/uuid';

const STORAGE_KEY = 'ventanilla:checkout-attempt';

interface Attempt {
  signature: string;
  key: string;
}

/**
 * One Idempotency-Key per checkout attempt, kept in sessionStorage: a double click, a reload or Back from the payment
 * page sends the same key (the server answers with the same order). A different cart or method is a new attempt.
 */
export function idempotencyKeyFor(signature: string): string {
  const stored = readJson<Attempt>(STORAGE_KEY);
  if (stored && stored.signature === signature && typeof stored.key === 'string') return stored.key;
  const attempt: Attempt = { signature, key: randomUuid() };
  writeJson(STORAGE_KEY, attempt);
  return attempt.key;
}

/** Forgets the attempt once the order is confirmed. */
export function clearCheckoutAttempt(): void {
  removeItem(STORAGE_KEY);
}
