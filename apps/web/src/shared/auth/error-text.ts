import { ApiError } from '../lib/api-client';
import type { Translate } from '../i18n';

/** The text to show for any failed call: the server's message, else a generic one by kind. */
export function errorText(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    if (error.message) return error.message;
    if (error.status === 0) return t('error.network');
  }
  return t('error.generic');
}
