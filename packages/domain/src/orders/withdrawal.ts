import { PanelStatus } from './panel-status.js';

/** Why a customer may not withdraw an order. */
export type WithdrawalRefusal = 'not_paid' | 'already_cancelled' | 'performed' | 'late';

export interface WithdrawalInput {
  /** When the order was paid (the contract date); null when unpaid. */
  paidAt: Date | null;
  cancelled: boolean;
  /** Panel status of every line. */
  lineStatuses: readonly number[];
  now: Date;
  /** The store's IANA time zone, e.g. Europe/Madrid. */
  timeZone: string;
}

export type WithdrawalDecision =
  { allowed: true; lastDay: string } | { allowed: false; reason: WithdrawalRefusal; lastDay: string | null };

/** Calendar date (YYYY-MM-DD) of an instant in a time zone. */
function localDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Directive 2011/83/EU art. 9: 14 days from the contract (the payment), counted in the store's time zone;
 * art. 16(a): not once performed — every line must still be at Pending (40) or an earlier status.
 */
export function withdrawalDecision(input: WithdrawalInput): WithdrawalDecision {
  if (!input.paidAt) return { allowed: false, reason: 'not_paid', lastDay: null };
  const lastDay = addDays(localDate(input.paidAt, input.timeZone), 14);
  if (input.cancelled) return { allowed: false, reason: 'already_cancelled', lastDay };
  if (input.lineStatuses.length === 0 || input.lineStatuses.some((s) => s > PanelStatus.Pending)) {
    return { allowed: false, reason: 'performed', lastDay };
  }
  if (localDate(input.now, input.timeZone) > lastDay) return { allowed: false, reason: 'late', lastDay };
  return { allowed: true, lastDay };
}
