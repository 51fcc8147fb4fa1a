// The consumer's right of withdrawal from a service contract made at a distance (docs/withdrawal.md): 14 days from
// the day the contract was made (Directive 2011/83/EU arts. 9(1) and 9(2)(a); TRLGDCU arts. 102 and 104; DL 24/2014
// art. 10; Ireland CRA 2022 Part 4), lost once the service has been fully performed at the consumer's express request
// (Directive art. 16(a); TRLGDCU art. 103(a); DL 24/2014 art. 17; CRA 2022 Part 4). The shop lets a customer withdraw
// from its order page while nothing of the order has been performed; the period is counted in the seller's time zone.
import { isoDate, zonedDateTime } from '../invoicing/invoice-numbering.js';
import { PanelStatus } from './panel-status.js';

/** Calendar days of the withdrawal period. */
export const WITHDRAWAL_DAYS = 14;

/**
 * Panel statuses at which a line's service has been fully performed: its document delivered (110 Entregado) or the
 * line closed (120 Cerrado).
 */
export const PERFORMED_PANEL_STATUSES: readonly number[] = [PanelStatus.Delivered, PanelStatus.Closed];

/** Why an order cannot be withdrawn from its page. */
export type WithdrawalRefusal =
  /** Unpaid: nothing is owed and nothing is done until it is paid (an unpaid order is simply not paid). */
  | 'not_paid'
  /** Already cancelled or withdrawn. */
  | 'cancelled'
  /** Already refunded in full. */
  | 'refunded'
  /** A line was delivered or closed, or a document was handed to the customer: performed, no withdrawal. */
  | 'performed'
  /** The 14 days are over. */
  | 'period_over';

/** What decides whether an order can be withdrawn. */
export interface WithdrawalInput {
  /** The order's commercial status (pending, complete, canceled, closed). */
  orderStatus: string;
  paid: boolean;
  /** When the customer withdrew already, if they did. */
  withdrawnAt: Date | null;
  /** Nothing is left to refund (refunds by staff took it all). */
  fullyRefunded: boolean;
  /** When the contract was made: the customer accepted the terms (checkout, or paying an agent's order). */
  contractAt: Date;
  /** Each line's panel status and how many documents the staff have handed to the customer on it. */
  lines: ReadonlyArray<{ panelStatusId: number; documentsDelivered: number }>;
  now: Date;
  /** The seller's IANA time zone: the days are its calendar days. */
  timeZone: string;
}

/** Whether the order can be withdrawn now, and the last day of the period (ISO date, the seller's calendar). */
export type WithdrawalCheck = { ok: true; lastDay: string } | { ok: false; reason: WithdrawalRefusal; lastDay: string };

/**
 * The last day of the withdrawal period of a contract made at `contractAt`: the period starts the next day and runs
 * 14 calendar days; when the 14th falls on a Saturday or Sunday it ends on the following Monday (Regulation (EEC,
 * Euratom) No 1182/71 art. 3, which the Directive's recital 41 applies; public holidays are not known here and are
 * not added).
 */
export function withdrawalLastDay(contractAt: Date, timeZone: string): string {
  const local = zonedDateTime(contractAt, timeZone);
  const fourteenth = new Date(Date.UTC(local.year, local.month - 1, local.day + WITHDRAWAL_DAYS));
  // Saturday: +2 days, Sunday: +1 day (to Monday).
  const extra = [1, 0, 0, 0, 0, 0, 2][fourteenth.getUTCDay()] ?? 0;
  const last = new Date(fourteenth.getTime() + extra * 86_400_000);
  return last.toISOString().slice(0, 10);
}

/** Whether a line counts as performed: delivered or closed, or with a document handed to the customer. */
export function linePerformed(line: { panelStatusId: number; documentsDelivered: number }): boolean {
  return PERFORMED_PANEL_STATUSES.includes(line.panelStatusId) || line.documentsDelivered > 0;
}

/**
 * Whether the customer may withdraw from the order from its page now. Refusals, in this order: already cancelled or
 * withdrawn, refunded in full, unpaid, performed (any line), the period over (after the last day, in the seller's
 * calendar).
 */
export function checkWithdrawal(input: WithdrawalInput): WithdrawalCheck {
  const lastDay = withdrawalLastDay(input.contractAt, input.timeZone);
  const refuse = (reason: WithdrawalRefusal): WithdrawalCheck => ({ ok: false, reason, lastDay });
  const status = input.orderStatus.trim().toLowerCase();
  if (input.withdrawnAt !== null || status === 'canceled' || status === 'cancelled') return refuse('cancelled');
  if (input.fullyRefunded || status === 'closed') return refuse('refunded');
  if (!input.paid) return refuse('not_paid');
  if (input.lines.some(linePerformed)) return refuse('performed');
  if (isoDate(zonedDateTime(input.now, input.timeZone)) > lastDay) return refuse('period_over');
  return { ok: true, lastDay };
}
