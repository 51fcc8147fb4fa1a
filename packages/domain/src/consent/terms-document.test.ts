import { describe, expect, it } from 'vitest';
import { fillLegalText } from './authorities.js';
import { legalTextValues, TERMS_DOCUMENT_TEXTS } from './terms-document.js';
import { TERMS_TEXTS } from './terms.js';

const SELLER = {
  legal_name: 'Gestoría Ejemplo SL',
  tax_id: 'B12345674',
  address: 'Calle Mayor 1, 28013 Madrid',
  registry_note: 'RM Madrid, tomo 1',
  email: 'hola@example.com',
  phone: '+34 910 000 000',
  privacy_email: '',
};

describe('the terms as a document', () => {
  it.each([
    ['ES', 'Juntas Arbitrales de Consumo'],
    ['PT', 'Livro de Reclamações Eletrónico'],
    ['IE', 'Competition and Consumer Protection Commission (CCPC)'],
    ['FR', 'Juntas Arbitrales de Consumo'],
  ])('%s: the consumer body named is the country’s (Spain’s when it has none)', (country, body) => {
    expect(legalTextValues('Tienda', country, SELLER)['consumerBody']).toBe(body);
  });

  it('fills every token of the terms in every language once the seller is known; none before', () => {
    const values = legalTextValues('Tienda', 'ES', SELLER);
    expect(values['privacyEmail']).toBe('hola@example.com');
    for (const language of ['es', 'en', 'pt'] as const) {
      for (const section of TERMS_TEXTS[language].sections)
        for (const paragraph of section.paragraphs) expect(fillLegalText(paragraph, values)).not.toMatch(/\{\w+\}/);
    }
    expect(legalTextValues('Tienda', 'ES')['companyName']).toBeUndefined();
  });

  it('leaves an unknown token as written, so a typo shows', () => {
    expect(fillLegalText('{companyName} y {companyNmae}', { companyName: 'X' })).toBe('X y {companyNmae}');
  });

  it('has a file name and every label in each language', () => {
    const names = Object.values(TERMS_DOCUMENT_TEXTS).map((t) => t.filename);
    expect(new Set(names).size).toBe(3);
    for (const t of Object.values(TERMS_DOCUMENT_TEXTS)) {
      expect(t.filename).toMatch(/^[a-z-]+\.pdf$/);
      expect(t.version).toContain('{date}');
      expect(t.accepted).toContain('{date}');
    }
  });
});
