import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, handler, renderApp, server, testSession, testUser } from '../../../../../shared/testing';
import { itemFixture } from '../../lib/item-fixtures';
import { ItemActionsPanel } from './item-actions-panel';

// The item's attributes dialog (spec: atributos; docs/backoffice.md, "Item actions"): one `key: value` per line, sent
// with the item's version; the domain's rules refuse a bad line before anything is sent; 409/423 close it and say why.

const item = itemFixture({ atributos: [{ key: 'expediente', value: 'A-1' }] });
const PATH = '/api/backoffice/items/{itemId}/attributes';

async function openDialog() {
  const rendered = renderApp(<ItemActionsPanel item={item} statuses={[]} />, {
    session: testSession({ user: testUser('agent') }),
  });
  await rendered.user.click(screen.getByRole('button', { name: 'Atributos' }));
  const dialog = screen.getByRole('dialog', { name: /atributos/i });
  const field = within(dialog).getByRole('textbox', { name: /Atributos/ });
  return { ...rendered, dialog, field };
}

describe('the attributes dialog', () => {
  it("opens with the item's attributes, one per line, and sends the change with the item's version", async () => {
    let sent: unknown = null;
    let itemId: unknown = null;
    server.use(
      handler('post', PATH, async ({ request, params }) => {
        sent = await request.json();
        itemId = params.itemId;
        return { item_id: 41, updated_at: '2026-11-02T11:00:00.000Z' };
      }),
    );
    const { user, dialog, field } = await openDialog();
    expect(field).toHaveValue('expediente: A-1');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'expediente: A-2{Enter}{Enter}notaría:  Madrid 3 ');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Atributos guardados.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(itemId).toBe('41');
    // Blank lines skipped, keys and values trimmed (checkItemAttributes), the version the item was loaded with.
    expect(sent).toEqual({
      atributos: [
        { key: 'expediente', value: 'A-2' },
        { key: 'notaría', value: 'Madrid 3' },
      ],
      version: item.updated_at,
    });
  });

  it('refuses a repeated key before sending, naming its line', async () => {
    let calls = 0;
    server.use(
      handler('post', PATH, () => {
        calls += 1;
        return { item_id: 41, updated_at: '2026-11-02T11:00:00.000Z' };
      }),
    );
    const { user, dialog, field } = await openDialog();
    await user.type(field, '{Enter}Expediente: B-7');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText(/Línea 2/)).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it.each([
    [409, 'VERSION_CONFLICT' as const, 'Otra persona ha cambiado este pedido.'],
    [
      423,
      'ITEM_LOCKED' as const,
      'Otro usuario (Marta) ha bloqueado este pedido. Se ha recargado con los últimos cambios.',
    ],
  ])('closes the dialog and shows the server message on a %i', async (status, code, message) => {
    server.use(handler('post', PATH, () => apiError(status, { code, message })));
    const { user, dialog, field } = await openDialog();
    await user.type(field, '{Enter}nota: x');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
