import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { Alert, Link, Spinner } from '../../../../shared/ui';
import { useTicketCustomerActivity, type Ticket } from '../api/tickets';
import { CustomerSavedItems, ticketsOfEmailHref, useStatuses } from '../../shared';
import { useTicketStatusLabel } from './use-ticket-status-label';

/**
 * The ticket's side (docs/backoffice.md, "Tickets"): the customer's other tickets and the lines of their orders, the
 * newest of each, every one a link that opens its own tab; when there are more, a link to all of them. Then what the
 * customer saved (properties, companies, vehicles), when the ticket has a customer account.
 */
export function TicketCustomerActivity({ ticket }: { ticket: Pick<Ticket, 'id' | 'email' | 'customer_id'> }) {
  const t = useT();
  const format = useFormat();
  const statusLabel = useTicketStatusLabel();
  const statuses = useStatuses();
  const activity = useTicketCustomerActivity(ticket.id);
  if (activity.isPending) return <Spinner />;
  if (activity.isError) return <Alert>{errorText(activity.error, t)}</Alert>;
  const { tickets, orders } = activity.data;
  const panelStatus = (id: number) => statuses.data?.find((s) => s.id === id)?.text ?? String(id);
  return (
    <div className="ticket-activity">
      <section aria-labelledby="ticket-other-tickets">
        <h2 id="ticket-other-tickets">{t('tickets.otherTickets', { count: tickets.total })}</h2>
        {tickets.items.length === 0 ? (
          <p>{t('tickets.noOtherTickets')}</p>
        ) : (
          <ul className="ticket-activity__list">
            {tickets.items.map((row) => (
              <li key={row.id} className={row.active ? 'ticket-activity__row--active' : undefined}>
                <Link to={`/agentes/ticket/${row.id}`}>{t('tickets.ticketN', { id: row.id })}</Link>
                {row.subject ? ` · ${row.subject}` : null}
                <span className="ticket-activity__meta">
                  {statusLabel(row.status)} · {format.dateTime(row.updated_at)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {tickets.total > tickets.items.length ? (
          <Link to={ticketsOfEmailHref(ticket.email)}>{t('tickets.seeAllTickets', { count: tickets.total })}</Link>
        ) : null}
      </section>
      <section aria-labelledby="ticket-customer-orders">
        <h2 id="ticket-customer-orders">{t('tickets.customerOrders', { count: orders.total })}</h2>
        {orders.items.length === 0 ? (
          <p>{t('tickets.noOrders')}</p>
        ) : (
          <ul className="ticket-activity__list">
            {orders.items.map((row) => (
              <li key={row.item_id}>
                <Link to={`/agentes/pedido/${row.item_id}`}>
                  {t('tickets.orderLink', { id: row.item_id, product: row.product_name })}
                </Link>
                <span className="ticket-activity__meta">
                  {t('tickets.orderOf', { order: row.order_id })} · {panelStatus(row.panel_status_id)} ·{' '}
                  {format.dateTime(row.created_at)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {orders.total > orders.items.length ? (
          <Link to={`/agentes?${new URLSearchParams({ email: ticket.email }).toString()}`}>
            {t('tickets.seeAllOrders', { count: orders.total })}
          </Link>
        ) : null}
      </section>
      <CustomerSavedItems customerId={ticket.customer_id} id="ticket-saved-items" />
    </div>
  );
}
