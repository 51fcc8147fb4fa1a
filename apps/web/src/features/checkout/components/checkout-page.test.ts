import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../shared/i18n';
import { en } from '../../../shared/i18n/en';
import { es } from '../../../shared/i18n/es';
import type { Cart, Session, StoreInfo } from '../../../shared/lib/api-contract';
import { queryKeys } from '../../../shared/lib/query-keys';
import { OrderSummary } from './order-summary';
import { PaymentForm } from './payment-form';

// The checkout page as the server renders it (docs/shop-flows.md "Consents at checkout"): before paying
// the customer sees who sells, each service's characteristics and delivery time and the total with VAT, a link to the
// terms and two boxes that are not ticked. The browser journey: e2e/checkout-consents.test.ts.

const cart = {
  quote_id: 7,
  store_id: 1,
  items: [
    {
      id: 1,
      product_id: 20001,
      url_key: 'nota-simple',
      product_name: 'Nota simple',
      qty: 1,
      version: 1,
      answers: {},
      summary: 'Calle Mayor 1',
      options: [],
      valid: true,
      price: { base: '20.76', options: '0.00', subtotal: '20.76', tax: '4.36', fees: '0.00', total: '25.12' },
      characteristics: 'Información registral de un inmueble.',
      delivery_time: 'En 24 horas hábiles.',
      starts_now: true,
    },
  ],
  totals: { subtotal: '20.76', tax: '4.36', fees: '0.00', total: '25.12' },
  required_consents: ['accept_terms', 'start_now'],
  seller: { legal_name: 'Gestoría Ejemplo SL', tax_id: 'B12345674', address: 'Calle Mayor 1, 28013 Madrid' },
  terms: { version: '2026-11-28', hash: 'a'.repeat(64), language: 'es' },
} as unknown as Cart;

/** Rendered as the app renders it, for a store of `country` (the session and the store as the app holds them). */
function render(element: ReactElement, language: 'es' | 'en' = 'es', country = 'ES'): string {
  const client = new QueryClient();
  client.setQueryData(queryKeys.session, { store_id: 1, user: null } as unknown as Session);
  client.setQueryData(queryKeys.store(1), { store_id: 1, name: 'Ventanilla', country } as unknown as StoreInfo);
  const app = createElement(I18nProvider, { language, catalogue: language === 'es' ? es : en, children: element });
  const routed = createElement(MemoryRouter, null, app);
  return renderToString(createElement(QueryClientProvider, { client, children: routed }));
}

describe('the checkout page before paying', () => {
  it('names the seller, each service with its characteristics and delivery time, and the total with VAT', () => {
    const html = render(createElement(OrderSummary, { cart }));
    expect(html).toContain('Quién te vende');
    expect(html).toContain('Gestoría Ejemplo SL, NIF B12345674, Calle Mayor 1, 28013 Madrid');
    expect(html).toContain('Información registral de un inmueble.');
    expect(html).toContain('Plazo de entrega: En 24 horas hábiles.');
    expect(html).toContain('Los precios incluyen el IVA.');
    expect(html).toMatch(/25,12\s€/);
  });

  it.each([
    ['es', 'He leído y acepto las condiciones de contratación', 'pierdo el derecho de desistimiento'],
    ['en', 'I have read and accept the terms of sale', 'I lose my right of withdrawal'],
  ] as const)('%s: links to the terms and shows both boxes, neither ticked', (language, terms, startNow) => {
    const html = render(
      createElement(PaymentForm, { cart, methods: [{ code: 'cc' }] as never, onErrorsChange: () => {} }),
      language,
    );
    const boxes = [...html.matchAll(/<input[^>]*type="checkbox"[^>]*>/g)].map((m) => m[0]);
    expect(boxes.map((b) => /name="([^"]+)"/.exec(b)![1])).toEqual(['full_invoice', 'accept_terms', 'start_now']);
    expect(boxes.filter((b) => /\schecked/.test(b))).toEqual([]);
    expect(html).toContain(terms);
    expect(html).toContain(startNow);
    expect(html).toMatch(/href="\/legal\/condiciones"/);
  });

  it('English pages of an Irish or UK store ask in their law\'s "cancel" wording', () => {
    for (const country of ['IE', 'GB']) {
      const html = render(
        createElement(PaymentForm, { cart, methods: [{ code: 'cc' }] as never, onErrorsChange: () => {} }),
        'en',
        country,
      );
      expect(html).toContain(
        'I acknowledge that I will no longer have the right to cancel once it has been fully performed',
      );
      expect(html).toContain('You have 14 days to cancel');
      expect(html.replace(/<[^>]+>/g, ' ')).not.toMatch(/withdr/i);
    }
  });

  it('asks only for the terms when no line starts at once', () => {
    const onlyFees = { ...cart, required_consents: ['accept_terms'] } as unknown as Cart;
    const html = render(
      createElement(PaymentForm, { cart: onlyFees, methods: [{ code: 'cc' }] as never, onErrorsChange: () => {} }),
    );
    expect(html).toContain('name="accept_terms"');
    expect(html).not.toContain('name="start_now"');
  });
});
