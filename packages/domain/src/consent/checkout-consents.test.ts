import { describe, expect, it } from 'vitest';
import {
  deliveryTimeOf,
  judgeCheckoutConsents,
  requiredConsents,
  startsAtOnce,
  type ConsentLine,
  type ConsentVerdict,
} from './checkout-consents.js';
import { TERMS_TEXTS, termsCanonicalText } from './terms.js';

const service: ConsentLine = { kind: 'service' };
const fee: ConsentLine = { kind: 'fee' };

describe('startsAtOnce / requiredConsents', () => {
  it.each<[string, ConsentLine[], string[]]>([
    ['a service', [service], ['accept_terms', 'start_now']],
    ['a service and its fee', [service, fee], ['accept_terms', 'start_now']],
    ['only fees (nothing that starts at once)', [fee], ['accept_terms']],
    ['no lines', [], ['accept_terms']],
  ])('%s', (_, lines, required) => {
    expect(requiredConsents(lines)).toEqual(required);
  });
  it('a service starts at once, a fee does not', () => {
    expect(startsAtOnce(service)).toBe(true);
    expect(startsAtOnce(fee)).toBe(false);
  });
});

describe('judgeCheckoutConsents', () => {
  it.each<[string, Record<string, unknown>, ConsentLine[], ConsentVerdict]>([
    ['both given', { accept_terms: true, start_now: true }, [service], { ok: true, startNow: true }],
    ['nothing sent', {}, [service], { ok: false, missing: ['accept_terms', 'start_now'] }],
    ['terms missing', { start_now: true }, [service], { ok: false, missing: ['accept_terms'] }],
    ['start_now missing', { accept_terms: true }, [service], { ok: false, missing: ['start_now'] }],
    ['start_now false', { accept_terms: true, start_now: false }, [service], { ok: false, missing: ['start_now'] }],
    [
      '"true" is not true',
      { accept_terms: 'true', start_now: true },
      [service],
      { ok: false, missing: ['accept_terms'] },
    ],
    [
      '1 is not true',
      { accept_terms: 1, start_now: 1 },
      [service],
      { ok: false, missing: ['accept_terms', 'start_now'] },
    ],
    ['null is not true', { accept_terms: null, start_now: true }, [service], { ok: false, missing: ['accept_terms'] }],
    ['only fees: start_now not needed', { accept_terms: true }, [fee], { ok: true, startNow: false }],
  ])('%s', (_, sent, lines, verdict) => {
    expect(judgeCheckoutConsents(sent, lines)).toEqual(verdict);
  });
});

describe('deliveryTimeOf', () => {
  it.each<[string, string, string | null]>([
    [
      'Spanish',
      '<h3>Precio</h3><p>10 €</p><h3>Plazo de entrega</h3><p>En 24 horas hábiles.</p>',
      'En 24 horas hábiles.',
    ],
    ['Portuguese', '<h3>Prazo de entrega</h3><p>Em 2 dias <strong>úteis</strong>.</p>', 'Em 2 dias úteis.'],
    ['English', '<h3>Delivery time</h3>\n<p>Within 24 business hours.</p>', 'Within 24 business hours.'],
    ['no such heading', '<h3>Precio</h3><p>10 €</p>', null],
    ['empty text', '', null],
  ])('%s', (_, html, expected) => {
    expect(deliveryTimeOf(html)).toBe(expected);
  });
});

describe('terms', () => {
  it('exist in every language with the withdrawal section', () => {
    expect(TERMS_TEXTS.es.sections.map((s) => s.heading)).toContain('Desistimiento');
    expect(TERMS_TEXTS.pt.sections.map((s) => s.heading)).toContain('Livre resolução');
    expect(TERMS_TEXTS.en.sections.length).toBeGreaterThan(3);
  });
  it('the canonical text changes with any paragraph and differs per language', () => {
    const es = termsCanonicalText('es');
    expect(es).toContain('Desistimiento');
    expect(es).not.toBe(termsCanonicalText('pt'));
    expect(es).toContain(TERMS_TEXTS.es.sections[0]!.paragraphs[0]!);
  });
  it('send no one to the EU online dispute resolution platform, closed on 20 July 2025 (Regulation (EU) 2024/3228)', () => {
    for (const language of ['es', 'en', 'pt'] as const) {
      expect(termsCanonicalText(language)).not.toMatch(
        /litigios en línea|online dispute resolution|litígios em linha/i,
      );
    }
  });
});
