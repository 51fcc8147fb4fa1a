import { errorText } from '../../../../shared/auth';
import { type useT } from '../../../../shared/i18n';
import { isApiError } from '../../../../shared/lib/api-client';

/**
 * A failed ticket write in words: a stale version asks to check and retry; the rest are the server's messages, which
 * name the ticket (locked by another agent, one's own lock lapsed, an action its status refuses).
 */
export function ticketErrorText(error: unknown, t: ReturnType<typeof useT>): string {
  return isApiError(error, 409) && error.code === 'VERSION_CONFLICT' ? t('tickets.stale') : errorText(error, t);
}
