import { PanelStatus } from './panel-status.js';

/*
 * The customer's side of a QP ("propiedades de una persona") item: the customer lists the people whose properties are
 * searched (listaNombresQP, searchListaNombresQP) and sends them (tramitaListaNombresQP) once. The limits are the back
 * office's (QP_MAX_NAMES, the maximo paid for: agent-orders.ts). docs/customer-panel.md, "Person search (QP)".
 */

/**
 * awaiting_names: paid, not finished, nothing sent yet: the customer may add names and send them.
 * sent: the names went for searching (by the customer or an agent): read-only for the customer.
 * unpaid: not paid yet; closed: delivered or closed with nothing sent. Both read-only.
 */
export type QpCustomerListState = 'awaiting_names' | 'sent' | 'unpaid' | 'closed';

export function qpCustomerListState(item: {
  paid: boolean;
  panelStatusId: number;
  processedNames: number;
}): QpCustomerListState {
  if (item.processedNames > 0) return 'sent';
  if (!item.paid || item.panelStatusId === PanelStatus.PendingPayment) return 'unpaid';
  if (item.panelStatusId === PanelStatus.Delivered || item.panelStatusId === PanelStatus.Closed) return 'closed';
  return 'awaiting_names';
}

/** The catalogue's QP product ("propiedades-de-una-persona", the same id in every store): its lines have the list. */
export const QP_PRODUCT_IDS: readonly number[] = [18357];
