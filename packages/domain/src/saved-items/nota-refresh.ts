import { NOTA_SIMPLE_REFRESH_DAYS } from '../backoffice/order-flags.js';

/**
 * The nota simple refresh offer (the shop's addactualizarnsahora {order_id, item_id}): a nota simple shows
 * the registry on the day it was issued, so one older than 60 days offers a new one of the same property, pre-filled
 * with the old line's answers. Days are Madrid calendar days (the registries' and the customer's clock), whatever the
 * server's time zone, so a note issued on 1 March is 60 days old all of 30 April, summer time or not.
 */

// The back office's flag (isNotaSimpleRefreshable) counts elapsed 24-hour periods from the delivery instant; the
// customer's offer counts the calendar days the customer sees on the note. They differ only during the 61st day.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const madrid = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Madrid calendar date (yyyy-mm-dd) of an instant. */
export function madridDate(at: Date): string {
  return madrid.format(at);
}

/** Days since the epoch of a yyyy-mm-dd date, or null when it is not a real date. */
function dayNumber(date: string): number | null {
  const m = ISO_DATE.exec(date);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // 2026-02-30 rolls over to March: not a date the registry wrote.
  if (new Date(ms).toISOString().slice(0, 10) !== date) return null;
  return ms / 86_400_000;
}

/**
 * How many Madrid calendar days old a nota simple is: `issued` is the note's own date (yyyy-mm-dd, read from the PDF)
 * or, without one, the instant the line was delivered. Null when unknown or in the future.
 */
export function notaSimpleAgeDays(issued: string | Date | null | undefined, now: Date): number | null {
  if (issued === null || issued === undefined) return null;
  if (issued instanceof Date && Number.isNaN(issued.getTime())) return null;
  const from = dayNumber(typeof issued === 'string' ? issued : madridDate(issued));
  const today = dayNumber(madridDate(now));
  if (from === null || today === null || from > today) return null;
  return today - from;
}

/** Whether a nota simple of this date offers its refresh: strictly older than 60 days. */
export function offersNotaSimpleRefresh(issued: string | Date | null | undefined, now: Date): boolean {
  const age = notaSimpleAgeDays(issued, now);
  return age !== null && age > NOTA_SIMPLE_REFRESH_DAYS;
}
