import { PanelStatus } from './panel-status.js';
import type { ClientStatusStyle } from './customer-status.js';

/** A tag style, the same five the customer statuses use. */
export type PanelStatusTone = ClientStatusStyle;

/** Panel statuses that mean the work is done (delivered, closed, delivered by the notary). */
const DONE: ReadonlySet<number> = new Set([PanelStatus.Delivered, PanelStatus.Closed, PanelStatus.NotaryDelivered]);

/**
 * The tag style of a panel status, so agents scan lists quickly (the tag always shows the status text too), in the
 * customer statuses' colours: unpaid -> danger, incident -> warning, denied -> gray, done -> success, the rest
 * (in progress, and unknown ids) -> info.
 */
export function panelStatusTone(statusId: number): PanelStatusTone {
  if (statusId === PanelStatus.PendingPayment) return 'danger';
  if (statusId === PanelStatus.Incident) return 'warning';
  if (statusId === PanelStatus.Denied) return 'gray';
  if (DONE.has(statusId)) return 'success';
  return 'info';
}
