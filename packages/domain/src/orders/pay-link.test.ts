import { describe, expect, it } from 'vitest';
import {
  judgePayLink,
  judgeQuoteLink,
  parsePayLinkKey,
  payLinkExpiry,
  payLinkMessage,
  quoteLinkMessage,
} from './pay-link.js';

const SIG = 'a'.repeat(43);
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const FUTURE = Math.floor(NOW / 1000) + 3600;
const PAST = Math.floor(NOW / 1000) - 1;
/** A stand-in for the server's HMAC: the signature of a message is its own text, reversed and padded. */
const fakeSign = (message: string) =>
  `${[...message].reverse().join('')}${'x'.repeat(43)}`.slice(0, 43).replace(/[^A-Za-z0-9_-]/g, '_');
const matches = (message: string, signature: string) => fakeSign(message) === signature;

describe('parsePayLinkKey', () => {
  it.each([
    [`${FUTURE}.${SIG}`, { expiresAt: FUTURE, signature: SIG }],
    [`${FUTURE}.${SIG}x`, null],
    [`${FUTURE}.${SIG.slice(1)}`, null],
    [`${FUTURE}${SIG}`, null],
    [`-${FUTURE}.${SIG}`, null],
    [`${FUTURE}.${SIG.slice(1)}=`, null],
    [`${FUTURE}.${SIG.slice(1)}\u0000`, null],
    [`99999999999.${SIG}`, null],
    ['', null],
  ])('%j -> %j', (key, expected) => {
    expect(parsePayLinkKey(key)).toEqual(expected);
  });
});

describe('judgePayLink', () => {
  const good = (orderId: number, expiresAt: number) => `${expiresAt}.${fakeSign(payLinkMessage(orderId, expiresAt))}`;

  it.each([
    ['its own order, in time', 100000123, good(100000123, FUTURE), 'valid'],
    ['its own order, expired', 100000123, good(100000123, PAST), 'expired'],
    ['at the very second it expires', 100000123, good(100000123, Math.floor(NOW / 1000)), 'expired'],
    ['another order', 100000124, good(100000123, FUTURE), 'invalid'],
    ['a tampered expiry', 100000123, `${FUTURE + 1}.${good(100000123, FUTURE).split('.')[1]}`, 'invalid'],
    ['an expired link pushed forward', 100000123, `${FUTURE}.${good(100000123, PAST).split('.')[1]}`, 'invalid'],
    ['garbage', 100000123, 'nope', 'invalid'],
    ['order 0', 0, good(0, FUTURE), 'invalid'],
    ['a huge order id', 2 ** 60, good(2 ** 60, FUTURE), 'invalid'],
  ] as const)('%s: %s', (_name, orderId, key, verdict) => {
    expect(judgePayLink(orderId, key, NOW, matches)).toBe(verdict);
  });
});

describe('payLinkExpiry', () => {
  it('adds the days in seconds', () => {
    expect(payLinkExpiry(NOW, 14)).toBe(Math.floor(NOW / 1000) + 14 * 86_400);
    expect(payLinkExpiry(NOW + 999, 1)).toBe(Math.floor(NOW / 1000) + 86_400);
  });
});

describe('judgeQuoteLink (payment/quote/{quote_id})', () => {
  const good = (quoteId: number, generation: number, expiresAt: number) =>
    `${expiresAt}.${fakeSign(quoteLinkMessage(quoteId, generation, expiresAt))}`;

  it.each([
    ['its own quote and generation, in time', 42, 3, good(42, 3, FUTURE), 'valid'],
    ['expired', 42, 3, good(42, 3, PAST), 'expired'],
    ['revoked (the generation moved on)', 42, 4, good(42, 3, FUTURE), 'invalid'],
    ['revoked and expired: not told apart from tampered', 42, 4, good(42, 3, PAST), 'invalid'],
    ['another quote', 43, 3, good(42, 3, FUTURE), 'invalid'],
    ['a tampered expiry', 42, 3, `${FUTURE + 60}.${good(42, 3, FUTURE).split('.')[1]}`, 'invalid'],
    ["an order's pay link for the same number", 42, 3, `${FUTURE}.${fakeSign(payLinkMessage(42, FUTURE))}`, 'invalid'],
    ['quote 0', 0, 3, good(0, 3, FUTURE), 'invalid'],
    ['a huge quote id', 2 ** 60, 3, good(2 ** 60, 3, FUTURE), 'invalid'],
    ['garbage', 42, 3, '1.2', 'invalid'],
  ] as const)('%s: %s', (_name, quoteId, generation, key, verdict) => {
    expect(judgeQuoteLink(quoteId, generation, key, NOW, matches)).toBe(verdict);
  });

  it("a quote link's key does not pay the order with the same number", () => {
    expect(judgePayLink(42, good(42, 3, FUTURE), NOW, matches)).toBe('invalid');
  });
});
