import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartRoute } from '../features/cart/routes/cart.route';
import { I18nProvider } from '../shared/i18n';
import { es } from '../shared/i18n/es';
import type { Cart, CartLine } from '../shared/lib/api-contract';
import { queryKeys } from '../shared/lib/query-keys';
import { apiError, handler, server } from '../shared/testing';
import { testSession } from '../shared/testing/render-app';
import { LinkNavigationContext, pageLoadNavigation } from '../shared/ui';
import { routerNavigation } from '../shared/ui/router-navigation';
import { IslandsFrame } from './layout/shop-frame';
import { RouteBoundary } from './lazy-route';
import { ShopLayout } from './layout/shop-layout';
import { CartIsland } from './screens/cart-island';

// A visitor's cart hydrated as islands (islands.tsx, decision 0028): the server renders the app's cart route in the
// shop's layout; the browser hydrates the frame and the cart's island, without the router, from the same answers,
// and every change shows the API's new cart.

function line(id: number, name: string, qty: number, maxQty: number, unit: string): CartLine {
  return {
    id,
    product_id: id,
    url_key: `producto-${id}`,
    product_name: name,
    qty,
    max_qty: maxQty,
    version: 1,
    answers: {},
    summary: `Resumen ${id}`,
    options: [],
    valid: true,
    price: { total: unit },
    characteristics: '',
    delivery_time: null,
    starts_now: false,
  } as unknown as CartLine;
}

function cartOf(...items: CartLine[]): Cart {
  return {
    quote_id: items.length ? 5 : null,
    store_id: 1,
    items,
    totals: { subtotal: '20.00', tax: '4.20', fees: '0.00', total: '24.20' },
  } as unknown as Cart;
}

const notaSimple = line(1, 'Nota simple', 1, 1, '12.10');
const certificado = line(2, 'Certificado', 2, 50, '6.05');

function seeded(cart: Cart): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  queryClient.setQueryData(queryKeys.session, testSession());
  queryClient.setQueryData(queryKeys.store(1), { store_id: 1, name: 'Tienda de prueba' });
  queryClient.setQueryData(queryKeys.cart, cart);
  return queryClient;
}

function providers(queryClient: QueryClient, children: ReactNode) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider language="es" catalogue={es}>
        {children}
      </I18nProvider>
    </QueryClientProvider>
  );
}

/** The server's markup: the app's routes (router.tsx) at /tienda/cart, as entry-server.tsx renders them. */
function serverMarkup(cart: Cart): string {
  return renderToString(
    providers(
      seeded(cart),
      <MemoryRouter initialEntries={['/tienda/cart']}>
        <LinkNavigationContext.Provider value={routerNavigation}>
          <RouteBoundary>
            <Routes>
              <Route element={<ShopLayout />}>
                <Route path="tienda/cart" element={<CartRoute />} />
              </Route>
            </Routes>
          </RouteBoundary>
        </LinkNavigationContext.Provider>
      </MemoryRouter>,
    ),
  );
}

let root: Root | null = null;
let container: HTMLElement;

/** What islands.tsx does on the cart: hydrates the frame and the cart's island over the server's markup. */
async function hydrateCart(cart: Cart) {
  container = document.createElement('div');
  container.innerHTML = serverMarkup(cart);
  document.body.append(container);
  const serverMain = container.querySelector('main');
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(
      container,
      providers(
        seeded(cart),
        <LinkNavigationContext.Provider value={pageLoadNavigation}>
          <IslandsFrame content={CartIsland} />
        </LinkNavigationContext.Provider>,
      ),
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  return { errors, serverMain };
}

beforeEach(() => {
  window.history.replaceState(null, '', '/tienda/cart');
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe("the cart's island", () => {
  it("hydrates the server's cart without a mismatch: the same elements, links as plain anchors", async () => {
    const consoleError = vi.spyOn(console, 'error');
    const { errors, serverMain } = await hydrateCart(cartOf(notaSimple, certificado));
    expect(errors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    // The server's elements, hydrated, not rendered afresh.
    expect(container.querySelector('main')).toBe(serverMain);
    const main = within(container.querySelector('main')!);
    expect(main.getByRole('link', { name: /Editar respuestas.*Certificado/ })).toHaveAttribute(
      'href',
      '/tienda/cart/editar/2',
    );
    expect(main.getByRole('textbox', { name: 'Cantidad' })).toHaveValue('2');
    expect(screen.getByRole('link', { name: 'Carrito (3)' })).toBeInTheDocument();
  });

  it("removes a line and shows the server's new cart, in the page and in the header; then the empty cart", async () => {
    server.use(
      handler('delete', '/api/cart/items/{id}', ({ params }) => (params.id === '2' ? cartOf(notaSimple) : cartOf())),
    );
    await hydrateCart(cartOf(notaSimple, certificado));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Eliminar.*Certificado/ }));
    expect(await screen.findByText('Se ha eliminado «Certificado» del carrito.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Certificado' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nota simple' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Carrito (1)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Eliminar.*Nota simple/ }));
    expect(await screen.findByText(es['cart.empty'])).toBeInTheDocument();
    expect(screen.getByRole('link', { name: es['cart.browseCatalogue'] })).toHaveAttribute('href', '/tienda/servicios');
    expect(screen.getByRole('link', { name: 'Carrito' })).toBeInTheDocument();
  });

  it("sends the quantity as typed and shows the server's refusal at the field, then the cart as it now is", async () => {
    const sent: unknown[] = [];
    let cartReads = 0;
    server.use(
      handler('patch', '/api/cart/items/{id}', async ({ request }) => {
        sent.push(await request.json());
        return apiError(422, {
          code: 'VALIDATION_ERROR',
          message: 'Revisa la cantidad',
          fields: [{ field: 'qty', message: 'Escribe un número entero del 1 al 50' }],
        });
      }),
      handler('get', '/api/cart', () => {
        cartReads += 1;
        return cartOf(notaSimple, certificado);
      }),
    );
    await hydrateCart(cartOf(notaSimple, certificado));
    const user = userEvent.setup();
    const quantity = screen.getByRole('textbox', { name: 'Cantidad' });
    await user.clear(quantity);
    await user.type(quantity, '70');
    await user.click(screen.getByRole('button', { name: /Actualizar.*Certificado/ }));
    expect(await screen.findByText('Escribe un número entero del 1 al 50')).toBeInTheDocument();
    expect(sent).toEqual([{ version: 1, qty: '70' }]);
    // A refused change may be one made elsewhere: the cart is read again.
    await waitFor(() => expect(cartReads).toBe(1));
  });

  it("says what the check-answers page saved, from the history state (a reload of the app's cart)", async () => {
    window.history.replaceState({ usr: { cartNotice: 'edited', lineId: 2 }, key: 'k', idx: 1 }, '', '/tienda/cart');
    const { errors } = await hydrateCart(cartOf(notaSimple, certificado));
    expect(errors).toEqual([]);
    expect(await screen.findByText(es['cartEdit.saved'])).toBeInTheDocument();
  });
});
