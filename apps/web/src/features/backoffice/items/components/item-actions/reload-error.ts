import { isApiError } from '../../../../../shared/lib/api-client';

/**
 * Whether a failed write means the item on screen is out of date: it changed meanwhile (409 VERSION_CONFLICT), the
 * agent's lease lapsed (409 LOCK_EXPIRED) or another agent holds it (423). The screen then shows the message and
 * reloads the item; other failures stay with the form that caused them.
 */
export function isReloadError(error: unknown): boolean {
  if (isApiError(error, 423)) return true;
  return isApiError(error, 409) && (error.code === 'VERSION_CONFLICT' || error.code === 'LOCK_EXPIRED');
}
