import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@ventanilla/domain';
import { MODULES } from '../app.js';
import { buildErrorRegistry } from '../shared/error-registry.js';
import { SHARED_MESSAGES, serverMessage, type ServerMessages } from './server-messages.js';

// Every error the API returns has its user message in Spanish, English and Portuguese (the registry refuses to start
// otherwise: this runs it on the real module list), with the same placeholders in each language, in the shared
// catalogue and in every module's.

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const registry = buildErrorRegistry(MODULES);
const catalogues: [string, ServerMessages<string>][] = [
  ['shared', SHARED_MESSAGES],
  ...MODULES.flatMap((module): [string, ServerMessages<string>][] =>
    module.messages ? [[module.name, module.messages]] : [],
  ),
];

describe('server messages', () => {
  it.each(registry.codes)('%s has a text in es, en and pt', (code) => {
    const key = registry.messageKey(code);
    for (const language of LANGUAGES) expect(registry.message(language, key).trim(), `${code} -> ${key}`).not.toBe('');
  });

  it('every key has the same placeholders in every language', () => {
    const mismatched = catalogues.flatMap(([owner, { es, en, pt }]) =>
      Object.keys(es)
        .filter((key) => {
          const expected = JSON.stringify(placeholders(es[key]!));
          return [en[key]!, pt[key]!].some((text) => JSON.stringify(placeholders(text)) !== expected);
        })
        .map((key) => `${owner}: ${key}`),
    );
    expect(mismatched).toEqual([]);
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(serverMessage('pt', 'FILE_TOO_LARGE', { max: 10 })).toContain('10');
    expect(registry.message('en', 'PAY_LINK_EXPIRED')).toContain('expired');
    expect(registry.message('es', 'provider_payment.too_many_files')).toContain('{max}');
  });
});
