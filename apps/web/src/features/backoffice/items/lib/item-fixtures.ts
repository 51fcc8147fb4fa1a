// A complete order line as the back office reads it (GET /api/backoffice/items/{itemId}), for the component tests:
// every field the contract requires, so the fixture follows the generated types. Only imported by *.test.tsx files.
import { moneyString } from '@ventanilla/domain';
import type { BackofficeItem, BackofficeListItem } from '../../../../shared/lib/api-contract';

/** A paid nota simple in process, with no notes, files or history; `extra` sets what a test needs. */
export function itemFixture(extra: Partial<BackofficeItem> = {}): BackofficeItem {
  const base: BackofficeItem = {
    item_id: 41,
    order_id: 40,
    product_id: 3,
    product_name: 'Nota simple',
    panel_status_id: 20,
    status_text: 'En trámite',
    referencia: null,
    priority: 0,
    deadline_at: null,
    standby_until: null,
    provider_id: null,
    client_status_id: null,
    client_status: 'processing',
    atributos: [],
    origin: 'web',
    payed_with: 'cc',
    data_change_alert: false,
    asignee: null,
    locked_by: null,
    incidencia_status_id: null,
    incidencia_text: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    price: moneyString('25.12'),
    product_options: [],
    customer: { customer_id: 5, email: 'cliente@example.com', firstname: 'Eva', lastname: 'Ruiz' },
    order: {
      order_id: 40,
      store_id: 1,
      status: 'complete',
      subtotal: moneyString('20.76'),
      tax_amount: moneyString('4.36'),
      total: moneyString('25.12'),
      paid_at: '2026-11-01T10:05:00.000Z',
      consents: null,
      invoice_request: null,
    },
    payments: [],
    history: [],
    notes: [],
    files: [],
    related_ticket_ids: [],
    related_orders: [],
  };
  return Object.assign(base, extra);
}

/** The same order line as a row of the search (GET /api/backoffice/items), locked by Luis Gil; `extra` as above. */
export function listRowFixture(extra: Partial<BackofficeListItem> = {}): BackofficeListItem {
  const base: BackofficeListItem = {
    item_id: 41,
    order_id: 40,
    product_id: 3,
    product_name: 'Nota simple',
    panel_status_id: 20,
    status_text: 'En trámite',
    client_status: 'processing',
    email: 'cliente@example.com',
    customer_name: 'Eva Ruiz',
    referencia: 'EXP-1',
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    total: moneyString('25.12'),
    notes_count: 2,
    files_count: 1,
    flags: {
      responded: false,
      incident_shown_to_client: false,
      client_email_answered: false,
      claimed_from_registrars: false,
      urgent: false,
      related_orders: false,
      nota_simple_refreshable: false,
      country: null,
    },
    related_item_ids: [],
    lock: { item_id: 41, locked_by: 8, locked_by_name: 'Luis Gil', expires_at: '2026-11-02T11:00:00.000Z' },
    standby_until: null,
    deadline_at: null,
    priority: 3,
    provider_id: null,
    pinned_notes: [],
  };
  return Object.assign(base, extra);
}
