import { formatMessage, LANGUAGES, type Language } from '@ventanilla/domain';
import { SHARED_MESSAGES, type ServerMessageKey, type ServerMessages } from '../i18n/server-messages.js';
import { SHARED_ERRORS, type ErrorCode, type ErrorTable } from './app-error.js';

/** What a module contributes to the registry: its ServerModule's name, error codes and messages. */
export interface ErrorContribution {
  readonly name: string;
  readonly errors?: ErrorTable;
  readonly messages?: ServerMessages<string>;
}

/**
 * Every error code the app answers, with its HTTP status and its message in each language: the shared ones and the
 * modules', put together at boot from the module list (docs/architecture.md, "Errors and messages").
 */
export interface ErrorRegistry {
  /** Every code, sorted (the OpenAPI document's `ErrorCode` enum, whatever the modules' order). */
  readonly codes: readonly ErrorCode[];
  /** The HTTP status a code answers. */
  readonly status: (code: ErrorCode) => number;
  /** The key of a code's user message: the code itself unless its table names another. */
  readonly messageKey: (code: ErrorCode) => ServerMessageKey;
  /** A user message in a language, filling {placeholders}. */
  readonly message: (language: Language, key: ServerMessageKey, params?: Record<string, string | number>) => string;
}

const SHARED = 'the shared tables';

/**
 * Builds the registry from the shared tables and the modules' (in the list's order). Refuses, so that the app does not
 * start: a code or message key declared twice (by two modules, or by a module and the shared tables), a status that
 * is not an HTTP error status, a code without its message, and a message missing in a language.
 */
export function buildErrorRegistry(modules: readonly ErrorContribution[]): ErrorRegistry {
  const statuses = new Map<string, number>();
  const messageKeys = new Map<string, string>();
  const codeOwners = new Map<string, string>();
  const keyOwners = new Map<string, string>();
  const texts = Object.fromEntries(LANGUAGES.map((language) => [language, new Map<string, string>()])) as Record<
    Language,
    Map<string, string>
  >;

  const add = (owner: string, errors: ErrorTable, messages: ServerMessages<string> | undefined) => {
    for (const [code, answer] of Object.entries(errors)) {
      const other = codeOwners.get(code);
      if (other) throw new Error(`error code ${code} is declared twice: by ${other} and by ${owner}`);
      const status = typeof answer === 'number' ? answer : answer.status;
      if (!Number.isInteger(status) || status < 400 || status > 599)
        throw new Error(`error code ${code} (${owner}) answers ${status}, not an HTTP error status`);
      codeOwners.set(code, owner);
      statuses.set(code, status);
      messageKeys.set(code, typeof answer === 'number' ? code : answer.messageKey);
    }
    if (!messages) return;
    const keys = Object.keys(messages.es);
    for (const key of keys) {
      const other = keyOwners.get(key);
      if (other) throw new Error(`message key ${key} is declared twice: by ${other} and by ${owner}`);
      keyOwners.set(key, owner);
    }
    for (const language of LANGUAGES) {
      const catalogue = messages[language] as Readonly<Record<string, string>> | undefined;
      for (const key of keys) {
        const text = catalogue?.[key];
        if (typeof text !== 'string' || text.trim() === '')
          throw new Error(`message ${key} (${owner}) has no text in ${language}`);
        texts[language].set(key, text);
      }
    }
  };

  add(SHARED, SHARED_ERRORS, SHARED_MESSAGES);
  for (const module of modules) add(`module ${module.name}`, module.errors ?? {}, module.messages);
  for (const [code, key] of messageKeys) {
    if (!keyOwners.has(key)) throw new Error(`error code ${code} (${codeOwners.get(code)}) has no message ${key}`);
  }

  const codes = [...statuses.keys()].sort() as ErrorCode[];
  return {
    codes,
    status: (code) => statuses.get(code) ?? 500,
    messageKey: (code) => (messageKeys.get(code) ?? 'INTERNAL') as ServerMessageKey,
    message: (language, key, params) => formatMessage(language, texts[language].get(key) ?? key, params),
  };
}
