import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../shared/i18n';
import { en } from '../../../shared/i18n/en';
import { es } from '../../../shared/i18n/es';
import { pt } from '../../../shared/i18n/pt';
import type { CustomerOrder, Session, StoreInfo } from '../../../shared/lib/api-contract';
import { queryKeys } from '../../../shared/lib/query-keys';
import { OrderWithdrawal } from './order-withdrawal';

// The withdrawal on the order page (docs/withdrawal.md), as the server renders it: offered only when the server says
// it is allowed, with the last day; otherwise why not; the Irish/UK "cancel" wording. The confirmation step and the
// call: e2e/withdrawal.test.ts; the API: apps/server/test/api/withdrawal.test.ts.

const base = { order_id: 100000123, status: 'complete', paid: true, items: [] } as unknown as CustomerOrder;
const CATALOGUES = { es, en, pt } as const;

/** The component as the server renders it, for a store of `country` (the session and store as the app holds them). */
function render(order: CustomerOrder, language: 'es' | 'en' | 'pt' = 'es', country = 'ES'): string {
  const client = new QueryClient();
  client.setQueryData(queryKeys.session, { store_id: 7, user: null } as unknown as Session);
  client.setQueryData(queryKeys.store(7), { store_id: 7, name: 'Tienda', country } as unknown as StoreInfo);
  const app = createElement(I18nProvider, {
    language,
    catalogue: CATALOGUES[language],
    children: createElement(OrderWithdrawal, { order }),
  });
  return renderToString(
    createElement(QueryClientProvider, { client, children: createElement(MemoryRouter, null, app) }),
  );
}

const withState = (withdrawal: CustomerOrder['withdrawal']) => ({ ...base, withdrawal }) as CustomerOrder;

describe('OrderWithdrawal', () => {
  const open = withState({ allowed: true, last_day: '2026-11-16', refusal: null, withdrawn_at: null });

  it.each([
    ['es', 'Desistir del pedido', '16 nov 2026'],
    ['en', 'Withdraw from the order', '16 Nov 2026'],
    ['pt', 'Resolver a encomenda', '16/11/2026'],
  ] as const)('%s: a heading, until when, and a button that asks first', (language, button, day) => {
    const html = render(open, language);
    expect(html).toContain(`>${button}</button>`);
    expect(html.replace(/&nbsp;|\u00a0/g, ' ')).toMatch(new RegExp(day.replace(/ /g, '\\s').replace(/\//g, '.')));
    expect(html).toContain('type="button"');
    // Nothing is withdrawn by the first click: the confirmation is a second step.
    expect(html).not.toContain(CATALOGUES[language]['withdrawal.confirm']);
  });

  it('says why not when late or performed, and nothing when unpaid or already refunded', () => {
    expect(
      render(withState({ allowed: false, last_day: '2026-11-16', refusal: 'period_over', withdrawn_at: null })),
    ).toContain('El plazo de 14 días para desistir de este pedido terminó el');
    expect(
      render(withState({ allowed: false, last_day: '2026-11-16', refusal: 'performed', withdrawn_at: null })),
    ).toContain('el derecho de desistimiento ha terminado');
    for (const refusal of ['not_paid', 'refunded'] as const) {
      expect(render(withState({ allowed: false, last_day: '2026-11-16', refusal, withdrawn_at: null }))).toBe('');
    }
    expect(render(base)).toBe('');
  });

  it('English pages of a store in Ireland or the United Kingdom say "cancel", as their law does', () => {
    for (const country of ['IE', 'GB']) {
      const html = render(open, 'en', country);
      expect(html).toContain('>Cancel the order</h2>');
      expect(html).toContain('>Cancel the order</button>');
      expect(html).toContain('You have the right to cancel this order until');
      expect(html.replace(/<[^>]+>/g, ' ')).not.toMatch(/withdr/i);
      expect(
        render(
          withState({ allowed: false, last_day: '2026-11-16', refusal: 'performed', withdrawn_at: null }),
          'en',
          country,
        ),
      ).toContain('the right to cancel has ended');
    }
    // The Directive's word elsewhere, and the store's own language on its other pages.
    expect(render(open, 'en', 'ES')).toContain('>Withdraw from the order</button>');
    expect(render(open, 'es', 'IE')).toContain('>Desistir del pedido</button>');
  });

  it('a withdrawn order says when', () => {
    const html = render(
      withState({ allowed: false, last_day: '2026-11-16', refusal: 'cancelled', withdrawn_at: '2026-11-03T09:00:00Z' }),
    );
    expect(html).toContain('Desististe de este pedido el');
    expect(html).not.toContain('<button');
  });
});
