import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../shared/i18n';
import { es } from '../../shared/i18n/es';
import { queryKeys } from '../../shared/lib/query-keys';
import { testSession } from '../../shared/testing/render-app';
import { IslandsFrame } from './shop-frame';

// The start page hydrated as islands (islands.tsx, decision 0028): the frame hydrates around the server's markup of
// <main>, which React leaves as it came (the same elements, their content never rendered by the browser).

function frame(staticMain: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(queryKeys.session, testSession());
  queryClient.setQueryData(queryKeys.store(1), { store_id: 1, name: 'Tienda de prueba' });
  queryClient.setQueryData(queryKeys.cart, {
    quote_id: null,
    store_id: 1,
    items: [],
    totals: { subtotal: '0.00', tax: '0.00', total: '0.00' },
  });
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <I18nProvider language="es" catalogue={es}>
          <IslandsFrame staticMain={staticMain} />
        </I18nProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

describe('ShopFrame around a static main', () => {
  it("hydrates without a mismatch and keeps the server's content, elements included", async () => {
    const serverContent = '<h1>Inicio</h1><form action="/tienda/buscar"><input name="q"></form><a href="/x">Uno</a>';
    const container = document.createElement('div');
    container.innerHTML = renderToString(frame(serverContent));
    document.body.append(container);
    const main = container.querySelector('main');
    const heading = main?.querySelector('h1');
    expect(heading?.textContent).toBe('Inicio');
    // What the browser's entry does: the main's markup as the server sent it.
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, frame(main?.innerHTML ?? ''), { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('main')).toBe(main);
    expect(container.querySelector('main h1')).toBe(heading);
    expect(container.querySelector('main a')?.getAttribute('href')).toBe('/x');
    expect(container.querySelector('header a')?.textContent).toBe('Tienda de prueba');
    container.remove();
  });
});
