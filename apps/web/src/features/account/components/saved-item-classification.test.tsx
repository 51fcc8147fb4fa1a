import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, handler, renderApp, server } from '../../../shared/testing';
import type { SavedItem } from '../api/saved-items';
import { SavedItemClassification } from './saved-item-classification';

const company = {
  id: 12,
  user_id: 7,
  name: 'Construcciones Norte SL',
  meta: { attr: [{ key: 'cif', value: 'B12345674' }], tipo: [], uso: [], relacion: [501] },
  favourite: false,
  origin: 'customer',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  orders: [],
  initials: 'CN',
  seguimiento: false,
} satisfies SavedItem;

describe('SavedItemClassification', () => {
  it('edits a company’s relationship (its only list) and saves only the lists, keeping the attributes', async () => {
    const bodies: unknown[] = [];
    const onSaved = vi.fn();
    server.use(
      handler('put', '/api/me/companies/{id}', async ({ request }) => {
        const body = await request.json();
        bodies.push(body);
        return { ok: true as const, item: { ...company, meta: { ...company.meta, relacion: [501, 505] } } };
      }),
    );
    const { user } = renderApp(<SavedItemClassification kind="companies" item={company} onSaved={onSaved} />);
    const group = screen.getByRole('group', { name: /Relación/ });
    expect(screen.queryByRole('group', { name: /Tipo/ })).not.toBeInTheDocument();
    expect(within(group).getByLabelText('Socio')).toBeChecked();
    await user.click(within(group).getByLabelText('Cliente'));
    await user.click(screen.getByRole('button', { name: 'Guardar la clasificación' }));
    expect(await screen.findByText('Hemos guardado la clasificación.')).toBeInTheDocument();
    expect(bodies).toEqual([{ meta: { relacion: [501, 505] } }]);
    expect(onSaved).toHaveBeenCalledWith(
      expect.objectContaining({ meta: expect.objectContaining({ relacion: [501, 505] }) }),
    );
  });

  it('offers a property its type and use, and shows the server’s refusal in the summary', async () => {
    server.use(
      handler('put', '/api/me/properties/{id}', () =>
        apiError(400, {
          code: 'VALIDATION_ERROR',
          message: 'Revisa los datos',
          fields: [{ field: 'meta.uso', message: 'Elige usos de la lista' }],
        }),
      ),
    );
    const property = {
      ...company,
      initials: undefined,
      seguimiento: undefined,
      meta: { attr: [], tipo: [101], uso: [], relacion: [] },
    };
    const { user } = renderApp(<SavedItemClassification kind="properties" item={property} onSaved={() => undefined} />);
    expect(within(screen.getByRole('group', { name: /Tipo/ })).getByLabelText('Piso')).toBeChecked();
    await user.click(within(screen.getByRole('group', { name: /Uso/ })).getByLabelText('Propietario'));
    await user.click(screen.getByRole('button', { name: 'Guardar la clasificación' }));
    expect(await screen.findByRole('link', { name: 'Elige usos de la lista' })).toHaveAttribute(
      'href',
      '#classify-meta.uso',
    );
  });

  it('shows nothing for a document (no lists)', () => {
    const { container } = renderApp(
      <SavedItemClassification
        kind="documents"
        item={{ ...company, meta: { attr: [], tipo: [], uso: [], relacion: [] } } as SavedItem}
        onSaved={() => undefined}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
