// A complete order line as the back office reads it (GET /api/backoffice/items/{itemId}), for the component tests:
// every field the contract requires, so the fixture follows the generated types. Only imported by *.test.tsx files.
import { moneyString } from '@ventanilla/domain';
import type { BackofficeItem } from '../../../../shared/lib/api-contract';

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
