import { createHmac, timingSafeEqual } from 'node:crypto';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
/** Stripe's default tolerance: events signed longer ago (or further ahead) than this are refused as replays. */
export const STRIPE_TOLERANCE_S = 300;

/** hex(HMAC-SHA256(endpoint secret, `${t}.${rawBody}`)), the v1 scheme. */
export function stripeSignature(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest('hex');
}

/** A `Stripe-Signature` header as Stripe sends it (tests and fixtures). */
export function stripeSignatureHeader(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return `t=${timestamp},v1=${stripeSignature(secret, timestamp, rawBody)}`;
}

/**
 * Verifies `Stripe-Signature: t=<unix>,v1=<hex>[,v1=<hex>...][,v0=...]` over the raw body: any v1 may match (during a
 * secret roll Stripe signs with both secrets), compared in constant time; other schemes are ignored. The
 * timestamp is checked after the signature so an attacker learns nothing from the answer.
 */
export function verifyStripeSignature(
  secret: string,
  header: string | undefined,
  rawBody: Buffer,
  now: Date,
  toleranceS = STRIPE_TOLERANCE_S,
): 'ok' | 'bad_signature' | 'stale' {
  if (!header) return 'bad_signature';
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const item of header.split(',')) {
    const eq = item.indexOf('=');
    if (eq < 0) continue;
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === 't' && timestamp === undefined && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) candidates.push(value);
  }
  if (timestamp === undefined || candidates.length === 0) return 'bad_signature';
  const expected = Buffer.from(stripeSignature(secret, timestamp, rawBody), 'hex');
  let valid = false;
  // Every candidate is compared (no early exit), so timing does not tell which one matched.
  for (const candidate of candidates) {
    if (timingSafeEqual(Buffer.from(candidate, 'hex'), expected)) valid = true;
  }
  if (!valid) return 'bad_signature';
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceS) return 'stale';
  return 'ok';
}
