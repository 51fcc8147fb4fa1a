import { describe, expect, it } from 'vitest';
import { ERROR_CODES, messageKeyFor } from '../shared/app-error.js';
import { SERVER_CATALOGUES_FOR_TESTS, serverMessage } from './server-messages.js';

// Every error the API returns has its user message in Spanish, English and Portuguese (messageKeyFor casts a code to a
// key, so a new code without a text would compile: this catches it), with the same placeholders in each language.

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const { es, en, pt } = SERVER_CATALOGUES_FOR_TESTS;

describe('server messages', () => {
  it.each(ERROR_CODES)('%s has a text in es, en and pt', (code) => {
    const key = messageKeyFor(code);
    for (const catalogue of [es, en, pt]) {
      expect(typeof catalogue[key], `${code} -> ${key}`).toBe('string');
      expect(catalogue[key].trim(), `${code} -> ${key}`).not.toBe('');
    }
  });

  it('every key has the same placeholders in every language', () => {
    const mismatched = Object.keys(es).filter((key) => {
      const k = key as keyof typeof es;
      const expected = placeholders(es[k]);
      return [en[k], pt[k]].some((text) => JSON.stringify(placeholders(text)) !== JSON.stringify(expected));
    });
    expect(mismatched).toEqual([]);
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(serverMessage('pt', 'FILE_TOO_LARGE', { max: 10 })).toContain('10');
    expect(serverMessage('en', 'PAY_LINK_EXPIRED')).toContain('expired');
    expect(serverMessage('es', 'provider_payment.too_many_files')).toContain('{max}');
  });
});
