import '@ventanilla/domain/icu';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { handler, renderApp, server } from '../../../shared/testing';
import { OrderListRoute } from './order-list.route';

function mockOrders(seen: URLSearchParams[]) {
  server.use(
    handler('get', '/api/me/orders', ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return { items: [], total: seen.length === 1 ? 3 : 0, page: 1, per_page: 10 };
    }),
    handler('get', '/api/me/drafts', () => ({ items: [] })),
  );
}

describe('/orders filters', () => {
  it('sends the status, the days and the text to the API and keeps them in the address', async () => {
    const seen: URLSearchParams[] = [];
    mockOrders(seen);
    const { user, location } = renderApp(<OrderListRoute />, { at: '/orders', route: '/orders' });
    // Folded until asked for.
    const filters = (await screen.findByText('Filtrar pedidos')).closest('details')!;
    expect(filters).not.toHaveAttribute('open');
    await user.click(screen.getByText('Filtrar pedidos'));
    expect(filters).toHaveAttribute('open');
    await user.selectOptions(screen.getByLabelText('Estado'), 'incidence');
    await user.type(screen.getByLabelText('Desde el día'), '2026-03-01');
    await user.type(screen.getByLabelText('Hasta el día'), '2026-03-31');
    await user.type(screen.getByLabelText(/^Buscar/), 'ref-778');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(seen.length).toBe(2));
    const query = Object.fromEntries(seen[1]!);
    expect(query).toMatchObject({ status: 'incidence', from: '2026-03-01', to: '2026-03-31', q: 'ref-778' });
    expect(location().search).toBe('?estado=incidence&desde=2026-03-01&hasta=2026-03-31&q=ref-778');
    expect(await screen.findByText('Ningún pedido coincide con los filtros.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 pedidos encontrados');
    expect(screen.getByRole('link', { name: 'Quitar los filtros' })).toHaveAttribute('href', '/orders');
    // Open while filters apply.
    expect(screen.getByText('Filtrar pedidos').closest('details')).toHaveAttribute('open');
  });

  it('ignores malformed filters in the address', async () => {
    const seen: URLSearchParams[] = [];
    mockOrders(seen);
    renderApp(<OrderListRoute />, { at: '/orders?estado=perdido&desde=ayer', route: '/orders' });
    await waitFor(() => expect(seen.length).toBe(1));
    expect([...seen[0]!.keys()].sort()).toEqual(['page', 'per_page']);
  });
});
