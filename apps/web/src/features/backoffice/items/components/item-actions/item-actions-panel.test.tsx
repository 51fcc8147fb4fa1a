import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BackofficeItem, User } from '../../../../../shared/lib/api-contract';
import { apiError, handler, renderApp, server, testSession, testUser } from '../../../../../shared/testing';
import { itemFixture } from '../../lib/item-fixtures';
import { ItemActionsPanel } from './item-actions-panel';

const item = itemFixture();

function renderPanel(role: User['role'], shown: BackofficeItem = item) {
  return renderApp(<ItemActionsPanel item={shown} statuses={[]} />, {
    session: testSession({ user: testUser(role) }),
  });
}

const buttonNames = () =>
  within(screen.getByRole('region', { name: 'Acciones' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('ItemActionsPanel', () => {
  it('offers an agent every action on a paid item, in order', () => {
    renderPanel('agent');
    expect(buttonNames()).toEqual([
      'Finalizar',
      'Cerrar pedido',
      'No tramitar',
      'Posponer',
      'Delegar',
      'Referencia',
      'Prioridad',
      'Fecha límite',
      'Proveedor',
      'Estado del cliente',
      'Atributos',
    ]);
  });

  it('offers a notary only what the permission table allows', () => {
    renderPanel('notary');
    expect(buttonNames()).toEqual(['Finalizar', 'Referencia']);
  });

  it('offers the lead actions, and no finishing, on an unpaid item', () => {
    renderPanel('admin', { ...item, panel_status_id: 0 });
    expect(buttonNames()).toEqual([
      'Posponer',
      'Delegar',
      'Referencia',
      'Prioridad',
      'Fecha límite',
      'Proveedor',
      'Atributos',
      'Reenviar lead',
      'Lead cerrado perdido',
    ]);
  });

  it('shows nothing to a customer', () => {
    const { container } = renderPanel('customer');
    expect(container).toBeEmptyDOMElement();
  });

  it('moves focus into the dialog it opens and back to its button when cancelled', async () => {
    const { user } = renderPanel('agent');
    const opener = screen.getByRole('button', { name: 'Prioridad' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: /prioridad/i });
    expect(within(dialog).getByRole('spinbutton', { name: /Prioridad/ })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('sends the change with the item version and says it is saved', async () => {
    let sent: unknown = null;
    server.use(
      handler('post', '/api/backoffice/items/{itemId}/priority', async ({ request }) => {
        sent = await request.json();
        return { item_id: 41, updated_at: '2026-11-02T11:00:00.000Z' };
      }),
    );
    const { user } = renderPanel('agent');
    await user.click(screen.getByRole('button', { name: 'Prioridad' }));
    const field = screen.getByRole('spinbutton', { name: /Prioridad/ });
    await user.clear(field);
    await user.type(field, '3');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Prioridad guardada.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual({ priority: 3, version: item.updated_at });
  });

  it('sets the status the customer sees from the five statuses, with the item version', async () => {
    let sent: unknown = null;
    server.use(
      handler('post', '/api/backoffice/items/{itemId}/client-status', async ({ request }) => {
        sent = await request.json();
        return { item_id: 41, updated_at: '2026-11-02T11:00:00.000Z' };
      }),
    );
    const { user } = renderPanel('agent');
    await user.click(screen.getByRole('button', { name: 'Estado del cliente' }));
    const select = within(screen.getByRole('dialog')).getByRole('combobox', { name: /Estado para el cliente/ });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Automático (según el estado del pedido)',
      'Pendiente de Pago',
      'En tramitación',
      'Incidencia',
      'Listo',
      'Abonado',
    ]);
    await user.selectOptions(select, 'Listo');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Estado del cliente guardado.')).toBeInTheDocument();
    expect(sent).toEqual({ client_status_id: 4, version: expect.any(String) as unknown });
  });

  it('chooses the provider from the providers list, not a free text', async () => {
    let sent: unknown = null;
    server.use(
      handler('get', '/api/backoffice/config-lists/{list}', () => ({
        items: [
          {
            key: 'registradores',
            id: 'registradores',
            nombre: 'Colegio de Registradores',
            version: 1,
            active: true,
            updated_at: '2026-11-01T00:00:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        per_page: 100,
      })),
      handler('post', '/api/backoffice/items/{itemId}/provider', async ({ request }) => {
        sent = await request.json();
        return { item_id: 41, updated_at: '2026-11-02T11:00:00.000Z' };
      }),
    );
    const { user } = renderPanel('agent');
    await user.click(screen.getByRole('button', { name: 'Proveedor' }));
    const select = within(screen.getByRole('dialog')).getByRole('combobox', { name: /Proveedor/ });
    await screen.findByRole('option', { name: 'Colegio de Registradores (registradores)' });
    await user.selectOptions(select, 'registradores');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Proveedor guardado.')).toBeInTheDocument();
    expect(sent).toEqual({ provider_id: 'registradores', version: expect.any(String) as unknown });
  });

  it('closes the dialog and shows the server message when the item changed meanwhile (409)', async () => {
    server.use(
      handler('post', '/api/backoffice/items/{itemId}/reference', () =>
        apiError(409, { code: 'VERSION_CONFLICT', message: 'Otra persona ha cambiado este pedido.' }),
      ),
    );
    const { user } = renderPanel('agent');
    await user.click(screen.getByRole('button', { name: 'Referencia' }));
    await user.type(screen.getByRole('textbox', { name: /Referencia/ }), 'EXP-1');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Otra persona ha cambiado este pedido.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
