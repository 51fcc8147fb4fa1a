import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../../shared/lib/api-contract';
import { apiError, handler, renderApp, server, testSession, testUser } from '../../../../shared/testing';
import type { CustomerSavedItems as SavedItems } from '../api/customer-saved-items';
import { CustomerSavedItems } from './customer-saved-items';

/** Whether no ancestor hides it: a closed <details> shows only its <summary>. */
function isVisible(element: Element): boolean {
  for (let e: Element | null = element; e; e = e.parentElement) {
    const details = e.parentElement?.closest('details');
    if (details && !details.open && !e.closest('summary')) return false;
  }
  return true;
}

const PATH = '/api/backoffice/customers/{customerId}/saved-items';

const vehicle = (n: number) => ({
  id: 100 + n,
  name: `Vehículo ${n}`,
  favourite: false,
  attrs: [{ key: 'plate', value: `${1000 + n}BCD` }],
});

const SAVED: SavedItems = {
  customer_id: 5,
  properties: {
    total: 1,
    items: [
      {
        id: 1,
        name: 'Piso de la playa',
        favourite: true,
        attrs: [
          { key: 'address', value: 'Paseo Marítimo 3, Alicante' },
          { key: 'refcat', value: '9872023VH5797S0001WX' },
          { key: 'registry', value: 'Alicante 2' },
        ],
      },
    ],
  },
  companies: {
    total: 1,
    items: [{ id: 2, name: 'Construcciones López SL', favourite: false, attrs: [{ key: 'cif', value: 'B12345674' }] }],
  },
  // Seven of 60: the server carries the newest 50 at most.
  vehicles: { total: 60, items: Array.from({ length: 7 }, (_, i) => vehicle(i + 1)) },
};

const NOTHING: SavedItems = {
  customer_id: 5,
  properties: { items: [], total: 0 },
  companies: { items: [], total: 0 },
  vehicles: { items: [], total: 0 },
};

function renderSection(customerId: number | null, role: User['role'] = 'agent') {
  return renderApp(<CustomerSavedItems customerId={customerId} />, { session: testSession({ user: testUser(role) }) });
}

describe('CustomerSavedItems ("Guardados del cliente")', () => {
  it("lists the customer's properties, companies and vehicles one line each, with counts", async () => {
    let asked: unknown = null;
    server.use(
      handler('get', PATH, ({ params }) => {
        asked = params.customerId;
        return SAVED;
      }),
    );
    renderSection(5);
    const section = screen.getByRole('region', { name: 'Guardados del cliente' });
    expect(within(section).getByRole('status')).toHaveTextContent('Cargando los guardados del cliente…');

    const properties = await within(section).findByRole('list', { name: 'Inmuebles (1)' });
    expect(asked).toBe('5');
    expect(within(properties).getByRole('listitem')).toHaveTextContent(
      'Piso de la playa ★ · Dirección: Paseo Marítimo 3, Alicante · Referencia catastral: 9872023VH5797S0001WX · Registro: Alicante 2',
    );
    expect(within(properties).getByRole('img', { name: 'Favorito' })).toBeInTheDocument();
    expect(within(section).getByRole('list', { name: 'Empresas (1)' })).toHaveTextContent(
      'Construcciones López SL · CIF o NIF: B12345674',
    );
    expect(within(section).getByRole('link', { name: 'Abrir la ficha del cliente' })).toHaveAttribute(
      'href',
      '/agentes/client?id=5',
    );
  });

  it("has no link to the customer's page on that page itself", async () => {
    server.use(handler('get', PATH, () => SAVED));
    renderApp(<CustomerSavedItems customerId={5} id="customer-saved" linkToCustomer={false} />, {
      session: testSession({ user: testUser('agent') }),
    });
    const section = screen.getByRole('region', { name: 'Guardados del cliente' });
    await within(section).findByRole('list', { name: 'Inmuebles (1)' });
    expect(within(section).queryByRole('link', { name: 'Abrir la ficha del cliente' })).toBeNull();
  });

  it('shows five lines of a kind and the rest behind "Ver todos", saying when only the newest came', async () => {
    server.use(handler('get', PATH, () => SAVED));
    const { user } = renderSection(5);
    await screen.findByRole('heading', { name: 'Vehículos (60)' });
    // The lines a person sees (jsdom's roles do not leave out a closed <details>' content; visibility does).
    const lines = () =>
      screen
        .getAllByRole('list', { name: 'Vehículos (60)' })
        .flatMap((list) => within(list).queryAllByRole('listitem'))
        .filter((li) => isVisible(li))
        .map((li) => li.textContent);
    expect(lines()).toEqual([1, 2, 3, 4, 5].map((n) => `Vehículo ${n} · Matrícula: ${1000 + n}BCD`));
    expect(screen.queryByText('Se muestran los 7 más recientes de 60.')).not.toBeVisible();

    // A <summary>: the browser opens it with Enter or Space too (jsdom only with a click).
    const more = screen.getByText('Ver todos (60)');
    expect(more.tagName).toBe('SUMMARY');
    await user.click(more);
    expect(lines()).toHaveLength(7);
    expect(lines()[6]).toBe('Vehículo 7 · Matrícula: 1007BCD');
    expect(screen.getByText('Se muestran los 7 más recientes de 60.')).toBeVisible();
  });

  it('says when the customer has saved nothing', async () => {
    server.use(handler('get', PATH, () => NOTHING));
    renderSection(5);
    expect(await screen.findByText('No tiene inmuebles, empresas ni vehículos guardados.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says there is no customer account when the order has none (404), or nothing names one', async () => {
    server.use(handler('get', PATH, () => apiError(404, { code: 'NOT_FOUND', message: 'No encontrado' })));
    renderSection(9);
    expect(await screen.findByText('Sin cuenta de cliente: no hay guardados.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks nothing without a customer', () => {
    // No handler: a request would fail the test (unhandled requests are errors).
    renderSection(null);
    expect(screen.getByText('Sin cuenta de cliente: no hay guardados.')).toBeInTheDocument();
  });

  it('shows the error when they cannot be read', async () => {
    server.use(handler('get', PATH, () => apiError(500, { code: 'INTERNAL', message: 'Algo ha fallado' })));
    renderSection(5);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('is not shown to whom may not read them (a notary), and asks nothing', () => {
    const { container } = renderSection(5, 'notary');
    expect(container).toBeEmptyDOMElement();
  });
});
