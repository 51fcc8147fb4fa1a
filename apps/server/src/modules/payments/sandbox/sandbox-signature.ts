import { createHmac, timingSafeEqual } from 'node:crypto';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** Notifications older (or newer) than this are refused, against replays. */
export const SIGNATURE_TOLERANCE_S = 300;

/** HMAC-SHA256 over `${timestamp}.${rawBody}`, hex (the Stripe scheme). */
export function signPayload(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The header value the sandbox sends: "t=<unix>,v1=<hex>". */
export function signatureHeader(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return `t=${timestamp},v1=${signPayload(secret, timestamp, rawBody)}`;
}

/** Checks a signature header in constant time; 'stale' when the timestamp is outside the tolerance. */
export function checkSignature(
  secret: string,
  header: string | undefined,
  rawBody: Buffer,
  now: Date,
): 'ok' | 'bad_signature' | 'stale' {
  if (!header) return 'bad_signature';
  const parts = new Map<string, string[]>();
  for (const piece of header.split(',')) {
    const [k, v] = piece.split('=', 2);
    if (k && v) parts.set(k.trim(), [...(parts.get(k.trim()) ?? []), v.trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(t)) return 'bad_signature';
  const expected = Buffer.from(signPayload(secret, t, rawBody), 'hex');
  const valid = (parts.get('v1') ?? []).some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) return 'bad_signature';
  if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_S) return 'stale';
  return 'ok';
}
