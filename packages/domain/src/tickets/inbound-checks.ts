// Rules of the two public doors of mail into tickets (docs/backoffice.md, "Mail in"): the provider webhook's signed
// timestamp and signature shape, and the contact form's fields. Pure, so they are table-tested here and the route
// handlers only read headers, compute the HMAC and call these.

/** How far a webhook's timestamp may be from our clock, either way (seconds). */
export const WEBHOOK_WINDOW_S = 5 * 60;

/**
 * Whether a webhook's `x-ventanilla-timestamp` (unix seconds, 1-12 digits) is within the window around `nowMs`. Any
 * other text (signs, decimals, exponents, spaces, huge values) is refused.
 */
export function webhookTimestampOk(raw: string, nowMs: number, windowS: number = WEBHOOK_WINDOW_S): boolean {
  if (!/^[0-9]{1,12}$/.test(raw)) return false;
  return Math.abs(nowMs / 1000 - Number(raw)) <= windowS;
}

/** A webhook signature as sent: 64 hex digits (either case), normalised to lower case; null for anything else. */
export function webhookSignatureHex(raw: string): string | null {
  const lower = raw.toLowerCase();
  return /^[0-9a-f]{64}$/.test(lower) ? lower : null;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The contact form's free-text fields. */
export interface ContactFormInput {
  email: string;
  name?: string | undefined;
  subject: string;
  message: string;
}

/**
 * The contact form's fields that hold control characters (NUL and the like; tabs and line breaks are text), in form
 * order: each is refused with "invalid characters".
 */
export function contactFormProblems(input: ContactFormInput): Array<keyof ContactFormInput> {
  const fields: Array<[keyof ContactFormInput, string]> = [
    ['email', input.email],
    ['name', input.name ?? ''],
    ['subject', input.subject],
    ['message', input.message],
  ];
  return fields.filter(([, value]) => CONTROL.test(value)).map(([field]) => field);
}
