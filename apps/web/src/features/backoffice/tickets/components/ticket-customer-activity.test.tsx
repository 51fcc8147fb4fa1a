import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, handler, renderApp, server, testSession, testUser } from '../../../../shared/testing';
import { TicketCustomerActivity } from './ticket-customer-activity';

const statuses = handler('get', '/api/backoffice/statuses', () => ({ items: [{ id: 20, text: 'En trámite' }] }));

describe('TicketCustomerActivity', () => {
  it("lists the customer's other tickets and order lines as links to their tabs, and a way to all of them", async () => {
    server.use(
      statuses,
      handler('get', '/api/backoffice/tickets/{ticketId}/customer-activity', ({ params }) => {
        expect(params.ticketId).toBe('12');
        return {
          tickets: {
            items: [
              { id: 9, status: 2 as const, subject: 'Otra consulta', active: true, updated_at: '2026-11-02T10:00:00Z' },
            ],
            total: 14,
          },
          orders: {
            items: [
              {
                item_id: 41,
                order_id: 100_000_040,
                product_name: 'Nota simple',
                panel_status_id: 20,
                created_at: '2026-11-01T10:00:00Z',
              },
            ],
            total: 1,
          },
        };
      }),
    );
    renderApp(<TicketCustomerActivity ticket={{ id: 12, email: 'eva@example.com', customer_id: null }} />);

    const tickets = await screen.findByRole('region', { name: 'Otros tickets del cliente (14)' });
    expect(within(tickets).getByRole('link', { name: 'Ticket 9' })).toHaveAttribute('href', '/agentes/ticket/9');
    expect(within(tickets).getByText(/Otra consulta/)).toBeInTheDocument();
    expect(within(tickets).getByRole('link', { name: 'Ver sus 14 tickets' })).toHaveAttribute(
      'href',
      '/agentes/tickets-email-eva@example%2Ecom',
    );

    const orders = screen.getByRole('region', { name: 'Pedidos del cliente (1 líneas)' });
    expect(within(orders).getByRole('link', { name: 'Pedido 41 · Nota simple' })).toHaveAttribute(
      'href',
      '/agentes/pedido/41',
    );
    expect(await within(orders).findByText(/pedido 100000040 · En trámite/)).toBeInTheDocument();
    // Every line shown: no link to more.
    expect(within(orders).queryByRole('link', { name: /Buscar todos/ })).not.toBeInTheDocument();
  });

  it('says when the customer has nothing else', async () => {
    server.use(
      statuses,
      handler('get', '/api/backoffice/tickets/{ticketId}/customer-activity', () => ({
        tickets: { items: [], total: 0 },
        orders: { items: [], total: 0 },
      })),
    );
    renderApp(<TicketCustomerActivity ticket={{ id: 12, email: 'eva@example.com', customer_id: null }} />);
    expect(await screen.findByText('No tiene otros tickets.')).toBeInTheDocument();
    expect(screen.getByText('No tiene pedidos.')).toBeInTheDocument();
  });

  it('shows the error when the list cannot be read', async () => {
    server.use(
      statuses,
      handler('get', '/api/backoffice/tickets/{ticketId}/customer-activity', () =>
        apiError(403, { code: 'FORBIDDEN', message: 'No tienes permiso' }),
      ),
    );
    renderApp(<TicketCustomerActivity ticket={{ id: 12, email: 'eva@example.com', customer_id: null }} />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it("shows the customer's saved items when the ticket has a customer account", async () => {
    const asked: string[] = [];
    server.use(
      statuses,
      handler('get', '/api/backoffice/tickets/{ticketId}/customer-activity', () => ({
        tickets: { items: [], total: 0 },
        orders: { items: [], total: 0 },
      })),
      handler('get', '/api/backoffice/customers/{customerId}/saved-items', ({ params }) => {
        asked.push(String(params.customerId));
        return {
          customer_id: 5,
          properties: { items: [], total: 0 },
          companies: { items: [], total: 0 },
          vehicles: {
            items: [{ id: 3, name: 'Furgoneta', favourite: false, attrs: [{ key: 'plate', value: '1234BCD' }] }],
            total: 1,
          },
        };
      }),
    );
    renderApp(<TicketCustomerActivity ticket={{ id: 12, email: 'eva@example.com', customer_id: 5 }} />, {
      session: testSession({ user: testUser('agent') }),
    });
    const saved = await screen.findByRole('region', { name: 'Guardados del cliente' });
    expect(await within(saved).findByRole('list', { name: 'Vehículos (1)' })).toHaveTextContent(
      'Furgoneta · Matrícula: 1234BCD',
    );
    expect(asked).toEqual(['5']);
  });

  it('says there is no customer account when the ticket has none, asking nothing', async () => {
    server.use(
      statuses,
      handler('get', '/api/backoffice/tickets/{ticketId}/customer-activity', () => ({
        tickets: { items: [], total: 0 },
        orders: { items: [], total: 0 },
      })),
    );
    renderApp(<TicketCustomerActivity ticket={{ id: 12, email: 'eva@example.com', customer_id: null }} />, {
      session: testSession({ user: testUser('agent') }),
    });
    const saved = await screen.findByRole('region', { name: 'Guardados del cliente' });
    expect(within(saved).getByText('Sin cuenta de cliente: no hay guardados.')).toBeInTheDocument();
  });
});
