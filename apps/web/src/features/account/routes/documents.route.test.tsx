// Plural texts need the ICU engine the app loads with its catalogue.
import '@ventanilla/domain/icu';
import { moneyString } from '@ventanilla/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CustomerOrder } from '../../../shared/lib/api-contract';
import { apiError, handler, renderApp, server } from '../../../shared/testing';
import { DocumentsRoute } from './documents.route';

const order = (id: number, product: string): CustomerOrder => ({
  order_id: id,
  created_at: '2026-11-01T10:00:00.000Z',
  store_id: 1,
  status: 'complete',
  paid: true,
  subtotal: moneyString('10.00'),
  tax: moneyString('2.10'),
  total: moneyString('12.10'),
  currency: 'EUR',
  items: [
    {
      id: id * 10,
      order_id: id,
      product_id: 1,
      product_name: product,
      qty: 1,
      created_at: '2026-11-01T10:00:00.000Z',
      panel_status_id: 40,
      referencia: null,
      price: moneyString('12.10'),
      client_status: { key: 'processing', text: 'En tramitación', style: 'info' },
      summary: '',
      options: [],
      files: [],
    },
  ],
});

const doc = (id: number, filename: string, overrides = {}) => ({
  id,
  order_id: 501,
  item_id: 5010,
  product_name: 'Nota simple',
  filename,
  content_type: 'application/pdf',
  size: 1000,
  created_at: '2026-11-02T10:00:00.000Z',
  uploaded_by_customer: false,
  kind: null,
  ...overrides,
});

function mockPanel(hasDni: (orderId: number) => boolean = () => false) {
  server.use(
    handler('get', '/api/me/orders', () => ({
      items: [order(501, 'Nota simple'), order(502, 'Certificado de dominio')],
      total: 2,
      page: 1,
      per_page: 100,
    })),
    handler('get', '/api/me/order-documents/has-dni', ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('order_id'));
      return { order_id: id, has_dni: hasDni(id) };
    }),
  );
}

describe('/documentos', () => {
  it('lists the documents of every order, says who sent each, and searches', async () => {
    const queries: string[] = [];
    mockPanel();
    server.use(
      handler('get', '/api/me/order-documents', ({ request }) => {
        queries.push(new URL(request.url).search);
        return {
          items: [
            doc(2, 'dni.pdf', { uploaded_by_customer: true, kind: 'identity' as const }),
            doc(1, 'nota-simple.pdf'),
          ],
          total: 2,
          page: 1,
          per_page: 10,
        };
      }),
    );
    const { user } = renderApp(<DocumentsRoute />, { at: '/documentos', route: '/documentos' });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByRole('link', { name: 'dni.pdf' })).toHaveAttribute(
      'href',
      '/api/me/orders/501/files/2',
    );
    expect(rows[1]).toHaveTextContent('Tú (documento de identidad)');
    expect(rows[2]).toHaveTextContent('Nosotros');
    await user.type(screen.getByLabelText('Buscar por nombre del archivo o del trámite'), 'dni');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(queries.at(-1)).toContain('q=dni'));
  });

  it('refuses to send without an order or a file, in an error summary linked to the fields', async () => {
    mockPanel();
    server.use(handler('get', '/api/me/order-documents', () => ({ items: [], total: 0, page: 1, per_page: 10 })));
    const { user } = renderApp(<DocumentsRoute />, { at: '/documentos', route: '/documentos' });
    await screen.findByText('Todavía no hay documentos en tus pedidos.');
    await user.click(screen.getByRole('button', { name: 'Enviar documentos' }));
    expect(screen.getByRole('link', { name: 'Elige el pedido al que envías los documentos' })).toHaveAttribute(
      'href',
      '#docs-order',
    );
    await user.selectOptions(await screen.findByLabelText('Pedido'), '502');
    await user.click(screen.getByRole('button', { name: 'Enviar documentos' }));
    expect(screen.getByRole('link', { name: 'Elige al menos un archivo' })).toHaveAttribute('href', '#docs-files');
  });

  it('says when the chosen order already has the customer’s ID, and sends the files as multipart', async () => {
    mockPanel((id) => id === 501);
    let received: { kind: FormDataEntryValue | null; files: number } | null = null;
    server.use(
      handler('get', '/api/me/order-documents', () => ({ items: [], total: 0, page: 1, per_page: 10 })),
      handler('post', '/api/me/orders/{orderId}/files', async ({ request, params }) => {
        const form = await request.formData();
        // (jsdom's XMLHttpRequest does not pass the part's file name on to the mock: the count is checked.)
        received = { kind: form.get('kind'), files: form.getAll('files').length };
        return {
          files: [
            doc(9, 'escritura.pdf', {
              order_id: Number(params.orderId),
              uploaded_by_customer: true,
              kind: 'other' as const,
            }),
          ],
        };
      }),
    );
    const { user } = renderApp(<DocumentsRoute />, { at: '/documentos?pedido=501', route: '/documentos' });
    expect(await screen.findByText('Ya nos enviaste tu documento de identidad para este pedido.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Pedido'), '502');
    await waitFor(() =>
      expect(screen.queryByText('Ya nos enviaste tu documento de identidad para este pedido.')).not.toBeInTheDocument(),
    );
    await user.click(screen.getByLabelText('Otro documento'));
    await user.upload(
      screen.getByLabelText('Documentos'),
      new File(['%PDF-1.4'], 'escritura.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Enviar documentos' }));
    expect(await screen.findByText('Hemos recibido tu documento.')).toBeInTheDocument();
    expect(received).toEqual({ kind: 'other', files: 1 });
  });

  it('shows the server’s refusal of a file (its type) next to the file field', async () => {
    mockPanel();
    server.use(
      handler('get', '/api/me/order-documents', () => ({ items: [], total: 0, page: 1, per_page: 10 })),
      handler('post', '/api/me/orders/{orderId}/files', () =>
        apiError(415, { code: 'FILE_TYPE_NOT_ALLOWED', message: 'Solo se admiten archivos PDF, JPEG o PNG.' }),
      ),
    );
    const { user } = renderApp(<DocumentsRoute />, { at: '/documentos?pedido=502', route: '/documentos' });
    await screen.findByText('Todavía no hay documentos en tus pedidos.');
    await user.upload(screen.getByLabelText('Documentos'), new File(['MZ'], 'dni.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Enviar documentos' }));
    expect(await screen.findByRole('link', { name: 'Solo se admiten archivos PDF, JPEG o PNG.' })).toHaveAttribute(
      'href',
      '#docs-files',
    );
  });
});
