// The pay-by-link of an order created by an agent (docs/backoffice.md, "Orders created by agents"): the e-mailed
// link payment/order/{order_id}#k=<key> lets its holder pay that one order without signing in. The key is
// "<expiry in unix seconds>.<signature>"; the server computes the signature (HMAC-SHA256 with its secret over
// payLinkMessage) and these pure rules decide what a presented key is worth.

/** How long a pay link works by default. */
export const PAY_LINK_TTL_DAYS = 14;

/** A key as it travels: expiry (unix seconds, 10 digits) and a 43-character base64url HMAC-SHA256. */
const KEY_SHAPE = /^(\d{10})\.([A-Za-z0-9_-]{43})$/;

export interface PayLinkKey {
  /** Unix seconds after which the link no longer works. */
  expiresAt: number;
  signature: string;
}

/** A key's parts, or null when it does not have the shape of one (too long, other characters, no expiry). */
export function parsePayLinkKey(key: string): PayLinkKey | null {
  const match = KEY_SHAPE.exec(key);
  if (!match) return null;
  return { expiresAt: Number(match[1]), signature: match[2]! };
}

/** What the server signs for an order and an expiry: a versioned, unambiguous text (the order id is an integer). */
export function payLinkMessage(orderId: number, expiresAt: number): string {
  return `pay-order:v1:${orderId}:${expiresAt}`;
}

/** The expiry of a link made at `nowMs` (unix seconds). */
export function payLinkExpiry(nowMs: number, ttlDays: number = PAY_LINK_TTL_DAYS): number {
  return Math.floor(nowMs / 1000) + Math.round(ttlDays * 86_400);
}

/** A presented link: good, expired (its signature is the server's, its time is past), or not a link of this order. */
export type PayLinkVerdict = 'valid' | 'expired' | 'invalid';

/**
 * Judges a key for an order. `signatureMatches` compares the key's signature with the server's for this order and the
 * key's own expiry (in constant time). A tampered expiry fails the signature, so "expired" is said only of a link the
 * server really made: telling it leaks nothing, and the customer learns to ask for a new one.
 */
export function judgePayLink(
  orderId: number,
  key: string,
  nowMs: number,
  signatureMatches: (message: string, signature: string) => boolean,
): PayLinkVerdict {
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return 'invalid';
  return judgeSignedKey(key, nowMs, (expiresAt) => payLinkMessage(orderId, expiresAt), signatureMatches);
}

/** The same judgement for any signed message that ends in the key's expiry (pay links and quote links). */
export function judgeSignedKey(
  key: string,
  nowMs: number,
  messageFor: (expiresAt: number) => string,
  signatureMatches: (message: string, signature: string) => boolean,
): PayLinkVerdict {
  const parsed = parsePayLinkKey(key);
  if (!parsed) return 'invalid';
  if (!signatureMatches(messageFor(parsed.expiresAt), parsed.signature)) return 'invalid';
  return nowMs >= parsed.expiresAt * 1000 ? 'expired' : 'valid';
}

/**
 * The quote link (payment/quote/{quote_id}#k=<key>): the owner of a cart lets another person (a company's
 * accountant) pay it. The key has the pay link's shape and secret but signs another message, so a pay link's key
 * never opens a quote and the reverse. `generation` is the cart's link generation: the owner revokes every link given
 * so far by raising it, and any change to the cart's lines raises it too (the consent was for what the link showed).
 */
export function quoteLinkMessage(quoteId: number, generation: number, expiresAt: number): string {
  return `pay-quote:v1:${quoteId}:${generation}:${expiresAt}`;
}

export function judgeQuoteLink(
  quoteId: number,
  generation: number,
  key: string,
  nowMs: number,
  signatureMatches: (message: string, signature: string) => boolean,
): PayLinkVerdict {
  if (!Number.isSafeInteger(quoteId) || quoteId <= 0 || !Number.isSafeInteger(generation)) return 'invalid';
  return judgeSignedKey(key, nowMs, (expiresAt) => quoteLinkMessage(quoteId, generation, expiresAt), signatureMatches);
}
