import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerMessages } from '../../i18n/server-messages.js';

/** The error codes of the OAuth 1 provider and the HTTP status each answers (docs/architecture.md, "Errors and messages"). */
export const OAUTH_ERRORS = {
  OAUTH_REQUEST_TOKEN_FAILED: 401,
  OAUTH_ACCESS_DENIED: 401,
} as const satisfies ErrorTable;

const es = {
  OAUTH_REQUEST_TOKEN_FAILED: 'Error de ingreso',
  OAUTH_ACCESS_DENIED: 'Error de acceso',
};

/** The user messages of the OAuth 1 provider in es, en and pt (one per error code, whose key it is). */
export const OAUTH_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: {
    OAUTH_REQUEST_TOKEN_FAILED: 'Login error',
    OAUTH_ACCESS_DENIED: 'Sign-in error',
  },
  pt: {
    OAUTH_REQUEST_TOKEN_FAILED: 'Erro de ingresso',
    OAUTH_ACCESS_DENIED: 'Erro de acesso',
  },
};

declare module '../../shared/app-error.js' {
  interface ModuleErrorCodes {
    oauth: typeof OAUTH_ERRORS;
  }
}
declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    oauth: keyof typeof es;
  }
}
