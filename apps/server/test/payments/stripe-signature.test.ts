import { describe, expect, it } from 'vitest';
import {
  stripeSignature,
  stripeSignatureHeader,
  verifyStripeSignature,
} from '../../src/modules/payments/stripe/stripe-signature.js';

const SECRET = 'whsec_test';
const T = 1_700_000_000;
const BODY = Buffer.from('{"id":"evt_1"}');
const at = (seconds: number) => new Date(seconds * 1000);

describe('Stripe-Signature', () => {
  it('matches the reference vector (whsec_test, t=1700000000, {"id":"evt_1"})', () => {
    expect(stripeSignature(SECRET, T, BODY)).toBe('c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925');
  });

  it('accepts a valid header within the tolerance, either side', () => {
    const header = stripeSignatureHeader(SECRET, T, BODY);
    expect(verifyStripeSignature(SECRET, header, BODY, at(T))).toBe('ok');
    expect(verifyStripeSignature(SECRET, header, BODY, at(T + 300))).toBe('ok');
    expect(verifyStripeSignature(SECRET, header, BODY, at(T - 300))).toBe('ok');
  });

  it('refuses a tampered body', () => {
    const header = stripeSignatureHeader(SECRET, T, BODY);
    expect(verifyStripeSignature(SECRET, header, Buffer.from('{"id":"evt_2"}'), at(T))).toBe('bad_signature');
    expect(verifyStripeSignature(SECRET, header, Buffer.from('{"id":"evt_1"} '), at(T))).toBe('bad_signature');
  });

  it('refuses another secret', () => {
    expect(verifyStripeSignature(SECRET, stripeSignatureHeader('whsec_other', T, BODY), BODY, at(T))).toBe(
      'bad_signature',
    );
  });

  it('refuses a signature moved to another timestamp', () => {
    const v1 = stripeSignature(SECRET, T, BODY);
    expect(verifyStripeSignature(SECRET, `t=${T + 1},v1=${v1}`, BODY, at(T))).toBe('bad_signature');
  });

  it('calls a stale timestamp (a replay) stale, and one from the future too', () => {
    const header = stripeSignatureHeader(SECRET, T, BODY);
    expect(verifyStripeSignature(SECRET, header, BODY, at(T + 301))).toBe('stale');
    expect(verifyStripeSignature(SECRET, header, BODY, at(T + 86_400))).toBe('stale');
    expect(verifyStripeSignature(SECRET, header, BODY, at(T - 301))).toBe('stale');
  });

  it('accepts any of several v1 signatures (secret roll) and ignores v0 and unknown schemes', () => {
    const good = stripeSignature(SECRET, T, BODY);
    const old = stripeSignature('whsec_previous', T, BODY);
    expect(verifyStripeSignature(SECRET, `t=${T},v1=${old},v1=${good}`, BODY, at(T))).toBe('ok');
    expect(verifyStripeSignature(SECRET, `t=${T},v1=${good},v1=${old}`, BODY, at(T))).toBe('ok');
    expect(verifyStripeSignature(SECRET, `t=${T}, v0=${old}, v1=${good}, x9=zz`, BODY, at(T))).toBe('ok');
    expect(verifyStripeSignature(SECRET, `t=${T},v0=${good}`, BODY, at(T))).toBe('bad_signature');
    expect(verifyStripeSignature(SECRET, `t=${T},v1=${old}`, BODY, at(T))).toBe('bad_signature');
  });

  it('refuses missing or malformed headers', () => {
    const good = stripeSignature(SECRET, T, BODY);
    for (const header of [
      undefined,
      '',
      `v1=${good}`,
      `t=abc,v1=${good}`,
      `t=${T}`,
      `t=${T},v1=${good.slice(0, 63)}`,
      `t=${T},v1=${good.toUpperCase()}`,
    ]) {
      expect(verifyStripeSignature(SECRET, header, BODY, at(T))).toBe('bad_signature');
    }
  });
});
