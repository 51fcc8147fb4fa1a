import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_FORM_TEXTS, withdrawalFormVariant } from './withdrawal-form.js';

describe('withdrawalFormVariant: the law of the store language and the seller country', () => {
  it.each([
    ['es', 'ES', 'es'],
    ['pt', 'PT', 'pt'],
    ['en', 'IE', 'en-cancel'],
    ['en', 'GB', 'en-cancel'],
    ['en', 'ES', 'en'],
    ['es', 'IE', 'es'],
  ] as const)('%s store of a %s seller -> %s', (language, country, variant) => {
    expect(withdrawalFormVariant(language, country)).toBe(variant);
  });
});

describe('WITHDRAWAL_FORM_TEXTS', () => {
  it('every wording has the statement and the five fields of Annex I(B), and the "delete as appropriate" note', () => {
    for (const text of Object.values(WITHDRAWAL_FORM_TEXTS)) {
      expect(text.lines).toHaveLength(6);
      expect(text.note).toMatch(/^\(\*\)/);
      expect(text.filename).toMatch(/^[a-z-]+\.pdf$/);
    }
    expect(WITHDRAWAL_FORM_TEXTS.es.title).toBe('Modelo de formulario de desistimiento');
    expect(WITHDRAWAL_FORM_TEXTS.pt.title).toBe('Modelo de formulário de livre resolução');
    expect(WITHDRAWAL_FORM_TEXTS.en.lines[0]).toContain('withdraw from my/our (*) contract');
    expect(WITHDRAWAL_FORM_TEXTS['en-cancel'].lines[0]).toContain('cancel my/our (*) contract');
  });
});
