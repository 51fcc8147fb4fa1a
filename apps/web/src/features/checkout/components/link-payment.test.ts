import { moneyString } from '@ventanilla/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../shared/i18n';
import { es } from '../../../shared/i18n/es';
import { ApiError } from '../../../shared/lib/api-client';
import type { Session, StoreInfo } from '../../../shared/lib/api-contract';
import { queryKeys } from '../../../shared/lib/query-keys';
import { LinkPaymentForm, PaymentInstructions, type LinkPayment } from './link-payment';

// What the two pages paid by link (pay-link.route.tsx, pay-quote-link.tsx) share, rendered to HTML in Spanish. The
// journeys that pay through them in a browser: e2e/agent-orders.test.ts and e2e/fast-buy.test.ts.

function render(element: ReactElement, methods: { code: string }[] = []): string {
  const client = new QueryClient();
  client.setQueryData(['checkout', 7, 'payment-methods'], methods);
  client.setQueryData(queryKeys.session, { store_id: 1, user: null } as unknown as Session);
  client.setQueryData(queryKeys.store(1), { store_id: 1, name: 'Ventanilla', country: 'ES' } as unknown as StoreInfo);
  const app = createElement(I18nProvider, { language: 'es', catalogue: es, children: element });
  // The terms link is a router link.
  const routed = createElement(MemoryRouter, null, app);
  return renderToStaticMarkup(createElement(QueryClientProvider, { client, children: routed }));
}

function payment(state: Partial<Pick<LinkPayment, 'isPending' | 'isError' | 'error'>> = {}): LinkPayment {
  return { mutate: () => {}, isPending: false, isError: false, error: null, ...state } as unknown as LinkPayment;
}

describe('PaymentInstructions', () => {
  it('nothing without instructions; each one under its name otherwise, in order', () => {
    expect(render(createElement(PaymentInstructions, { instructions: null }))).toBe('');
    const html = render(
      createElement(PaymentInstructions, { instructions: { IBAN: 'ES91 2100 0418 4502 0005 1332', Concepto: '1-42' } }),
    );
    expect(html).toBe(
      '<dl><div><dt>IBAN</dt><dd>ES91 2100 0418 4502 0005 1332</dd></div><div><dt>Concepto</dt><dd>1-42</dd></div></dl>',
    );
  });
});

describe('LinkPaymentForm', () => {
  const amount = moneyString('25.12');

  it("the store's methods with the one tried last chosen, and the amount on the button", () => {
    const html = render(createElement(LinkPaymentForm, { pay: payment(), storeId: 7, lastMethod: 'bank', amount }), [
      { code: 'cc' },
      { code: 'bank' },
    ]);
    const radios = [...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)].map((m) => m[0]);
    expect(radios.map((r) => /value="([^"]+)"/.exec(r)![1])).toEqual(['cc', 'bank']);
    expect(radios.filter((r) => r.includes('checked=""')).map((r) => /value="([^"]+)"/.exec(r)![1])).toEqual(['bank']);
    expect(html).toContain('Transferencia bancaria');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>[^<]*Pagar 25,12\s€/);
    expect(html).not.toContain('role="alert"');
  });

  it('asks for the same consents as checkout, with a link to the terms and nothing ticked', () => {
    const html = render(createElement(LinkPaymentForm, { pay: payment(), storeId: 7, lastMethod: 'cc', amount }), [
      { code: 'cc' },
    ]);
    const boxes = [...html.matchAll(/<input[^>]*type="checkbox"[^>]*>/g)].map((m) => m[0]);
    expect(boxes.map((b) => /name="([^"]+)"/.exec(b)![1])).toEqual(['accept_terms', 'start_now']);
    expect(boxes.filter((b) => b.includes('checked'))).toEqual([]);
    expect(html).toContain('He leído y acepto las condiciones de contratación');
    expect(html).toContain('pierdo el derecho de desistimiento');
    expect(html).toMatch(/href="\/legal\/condiciones"/);
  });

  it('a method tried last that the store no longer offers is not chosen', () => {
    const html = render(createElement(LinkPaymentForm, { pay: payment(), storeId: 7, lastMethod: 'bank', amount }), [
      { code: 'cc' },
      { code: 'paypal' },
    ]);
    expect(html).not.toContain('checked=""');
  });

  it("a refused payment shows the server's message above the methods", () => {
    const error = new ApiError({ status: 410, code: 'PAY_LINK_EXPIRED', message: 'El enlace ha caducado.' });
    const html = render(
      createElement(LinkPaymentForm, { pay: payment({ isError: true, error }), storeId: 7, lastMethod: null, amount }),
      [{ code: 'cc' }],
    );
    expect(html).toContain('El enlace ha caducado.');
    expect(html.indexOf('El enlace ha caducado.')).toBeLessThan(html.indexOf('type="radio"'));
  });
});
