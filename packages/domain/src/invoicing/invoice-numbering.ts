/**
 * Invoice numbers (RD 1619/2012: correlative within each series). A series is a store's code plus the year, so a
 * number reads `<series>-<year>-<sequence>`: "F01-2026-000001" is the first invoice of store 1 in 2026 and
 * "R01-2026-000001" its first credit note (credit notes have their own series). The sequence comes from a counter
 * row locked in the issuing transaction, so there are no gaps and no duplicates.
 */

/** Digits of the sequence part of an invoice number. */
export const INVOICE_SEQUENCE_DIGITS = 6;

const SERIES_CODE = /^[A-Z][A-Z0-9]{0,9}$/;

/** Whether a series code (the configured part before the year) is usable: a capital letter, then letters or digits. */
export function isSeriesCode(code: string): boolean {
  return SERIES_CODE.test(code);
}

/** Builds the number of the n-th document of a series in a year: ("F01", 2026, 1) -> "F01-2026-000001". */
export function formatInvoiceNumber(seriesCode: string, year: number, sequence: number): string {
  if (!isSeriesCode(seriesCode)) throw new RangeError(`Not a series code: "${seriesCode}"`);
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new RangeError(`Not an invoice year: ${year}`);
  if (!Number.isSafeInteger(sequence) || sequence <= 0 || sequence >= 10 ** INVOICE_SEQUENCE_DIGITS) {
    throw new RangeError(`Invoice sequence out of range: ${sequence}`);
  }
  return `${seriesCode}-${year}-${String(sequence).padStart(INVOICE_SEQUENCE_DIGITS, '0')}`;
}

/** Reads an invoice number back into its parts; null when it is not one. */
export function parseInvoiceNumber(number: string): { seriesCode: string; year: number; sequence: number } | null {
  const m = /^([A-Z][A-Z0-9]{0,9})-(\d{4})-(\d{6})$/.exec(number);
  if (!m || Number(m[3]) === 0) return null;
  return { seriesCode: m[1]!, year: Number(m[2]), sequence: Number(m[3]) };
}

/** The counter key of a series in a year ("F01-2026"): one counter row per key. */
export function seriesKey(seriesCode: string, year: number): string {
  return `${seriesCode}-${year}`;
}

/** Local calendar date and wall-clock time of an instant in a time zone, with its UTC offset. */
export interface ZonedDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC (Madrid in winter: 60). */
  offsetMinutes: number;
}

const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = FORMATTERS.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    FORMATTERS.set(timeZone, f);
  }
  return f;
}

/** The local date and time of `instant` in `timeZone` (an IANA name such as "Europe/Madrid"). */
export function zonedDateTime(instant: Date, timeZone: string): ZonedDateTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const local = {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  return { ...local, offsetMinutes: Math.round((asUtc - wholeSeconds) / 60_000) };
}

const two = (n: number) => String(n).padStart(2, '0');

/** "2026-03-05" (ISO date, as stored). */
export function isoDate(z: ZonedDateTime): string {
  return `${z.year}-${two(z.month)}-${two(z.day)}`;
}

/** "05-03-2026" (the AEAT's dd-mm-yyyy, used in Veri*Factu records and the QR). */
export function aeatDate(isoDay: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!m) throw new RangeError(`Not an ISO date: "${isoDay}"`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** "2024-01-01T19:20:30+01:00": the local time with its offset, as FechaHoraHusoGenRegistro wants it. */
export function zonedTimestamp(z: ZonedDateTime): string {
  const sign = z.offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(z.offsetMinutes);
  return `${isoDate(z)}T${two(z.hour)}:${two(z.minute)}:${two(z.second)}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}
