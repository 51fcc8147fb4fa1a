import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { handler, renderApp, server, testSession, testUser } from '../../../../shared/testing';
import { itemFixture } from '../lib/item-fixtures';
import { ItemDetailRoute } from './item-detail.route';

describe('ItemDetailRoute side panel', () => {
  it('shows "Guardados del cliente" for the order\'s customer in the side panel', async () => {
    const asked: string[] = [];
    server.use(
      handler('get', '/api/backoffice/items/{itemId}', () => itemFixture()),
      handler('get', '/api/backoffice/customers/{customerId}/saved-items', ({ params }) => {
        asked.push(String(params.customerId));
        return {
          customer_id: 5,
          properties: { items: [], total: 0 },
          companies: {
            items: [
              { id: 2, name: 'Construcciones López SL', favourite: false, attrs: [{ key: 'cif', value: 'B12345674' }] },
            ],
            total: 1,
          },
          vehicles: { items: [], total: 0 },
        };
      }),
      // The page's other sections (statuses, notes, refunds, templates, the assistant...) are not what this test is about.
      http.all('*/api/*', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'No' }, { status: 404 })),
    );
    renderApp(<ItemDetailRoute itemId="41" />, { session: testSession({ user: testUser('agent') }) });
    const side = await screen.findByRole('region', { name: 'Datos relacionados' });
    const saved = within(side).getByRole('region', { name: 'Guardados del cliente' });
    expect(await within(saved).findByRole('list', { name: 'Empresas (1)' })).toHaveTextContent(
      'Construcciones López SL · CIF o NIF: B12345674',
    );
    expect(asked).toEqual(['5']);
  });
});
