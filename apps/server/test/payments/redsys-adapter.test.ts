import { describe, expect, it } from 'vitest';
import { cents } from '@ventanilla/domain';
import { loadPaymentsConfig, type RedsysConfig } from '../../src/config/payments-config.js';
import type { CreatePaymentInput } from '../../src/modules/payments/payment-provider.js';
import { RedsysProvider, redsysOrderFor, redsysOutcome } from '../../src/modules/payments/redsys/redsys.adapter.js';
import {
  decodeMerchantParameters,
  verifyMerchantSignature,
} from '../../src/modules/payments/redsys/redsys-signature.js';
import { fixture, REDSYS_TEST_ENV, redsysNotification } from '../support/provider-fixtures.js';

const KEY = REDSYS_TEST_ENV.REDSYS_SECRET_KEY;
const config = (env: Record<string, string> = {}): RedsysConfig =>
  loadPaymentsConfig({ ...REDSYS_TEST_ENV, ...env }).redsys!;
const vectors = fixture('redsys/published-vectors.json');
const NOW = new Date('2026-11-22T10:15:00Z');

const input = (over: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  paymentId: 42,
  orderId: 100123,
  amount: cents(2512),
  currency: 'EUR',
  method: 'cc',
  description: 'Pedido 100123',
  customerEmail: 'lucia@example.com',
  language: 'es',
  returnUrl: 'https://shop.example/checkout/success/100123',
  cancelUrl: 'https://shop.example/customer/payment?order_id=100123',
  notifyUrl: 'https://shop.example/api/payments/redsys/notifications',
  idempotencyKey: 'payment-42',
  ...over,
});

describe('Redsys order numbers', () => {
  it.each([
    [1, '', '000000000001'],
    [42, '', '000000000042'],
    [42, '73', '730000000042'],
    [123456789012, '', '123456789012'],
  ])('payment %i with prefix "%s" -> %s (12 characters, the first 4 digits)', (id, prefix, order) => {
    expect(redsysOrderFor(id, prefix)).toBe(order);
    expect(order).toMatch(/^\d{4}[0-9A-Za-z]{0,8}$/);
  });

  it('refuses a payment id that does not fit', () => {
    expect(() => redsysOrderFor(1234567890123)).toThrow(/does not fit/);
    expect(() => redsysOrderFor(1234567890, '999')).toThrow(/does not fit/);
    expect(() => redsysOrderFor(0)).toThrow();
  });
});

describe('Redsys redirect form', () => {
  it('card: the parameters of the spec, signed with HMAC_SHA256_V1 for that order', async () => {
    const provider = new RedsysProvider(config());
    const form = provider.buildForm(input());
    expect(decodeMerchantParameters(form.Ds_MerchantParameters)).toEqual({
      DS_MERCHANT_AMOUNT: '2512',
      DS_MERCHANT_ORDER: '000000000042',
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_TERMINAL: '1',
      DS_MERCHANT_MERCHANTURL: 'https://shop.example/api/payments/redsys/notifications',
      DS_MERCHANT_URLOK: 'https://shop.example/checkout/success/100123',
      DS_MERCHANT_URLKO: 'https://shop.example/customer/payment?order_id=100123',
      DS_MERCHANT_PAYMETHODS: 'C',
      DS_MERCHANT_CONSUMERLANGUAGE: '1',
      DS_MERCHANT_PRODUCTDESCRIPTION: 'Pedido 100123',
      DS_MERCHANT_MERCHANTDATA: '42',
    });
    expect(form.Ds_SignatureVersion).toBe('HMAC_SHA256_V1');
    expect(
      verifyMerchantSignature('HMAC_SHA256_V1', KEY, '000000000042', form.Ds_MerchantParameters, form.Ds_Signature),
    ).toBe(true);
    expect(form.Ds_Signature).toMatch(/^[A-Za-z0-9+/]{43}=$/);

    const created = await provider.createPayment(input());
    expect(created.providerRef).toBe('000000000042');
    const url = new URL(created.redirectUrl, 'https://shop.example');
    expect(url.pathname).toBe('/api/payments/redsys/redirect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      v: 'HMAC_SHA256_V1',
      p: form.Ds_MerchantParameters,
      s: form.Ds_Signature,
      lang: 'es',
    });
    // Opening the same payment again gives the same order and the same signed form.
    expect((await provider.createPayment(input())).redirectUrl).toBe(created.redirectUrl);
  });

  it('Bizum selects PAYMETHODS z; the language follows the store; HMAC_SHA512_V2 when configured', () => {
    const provider = new RedsysProvider(config({ REDSYS_SIGNATURE_VERSION: 'HMAC_SHA512_V2' }));
    const form = provider.buildForm(input({ method: 'bizum', language: 'pt', paymentId: 7 }));
    const params = decodeMerchantParameters(form.Ds_MerchantParameters)!;
    expect(params).toMatchObject({
      DS_MERCHANT_PAYMETHODS: 'z',
      DS_MERCHANT_CONSUMERLANGUAGE: '9',
      DS_MERCHANT_ORDER: '000000000007',
    });
    expect(form.Ds_SignatureVersion).toBe('HMAC_SHA512_V2');
    expect(form.Ds_Signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(
      verifyMerchantSignature('HMAC_SHA512_V2', KEY, '000000000007', form.Ds_MerchantParameters, form.Ds_Signature),
    ).toBe(true);
  });

  it('refuses methods Redsys does not serve here', () => {
    expect(() => new RedsysProvider(config()).buildForm(input({ method: 'paypal' }))).toThrow(/does not serve paypal/);
  });

  it('the redirect page reads back only forms signed with our key', () => {
    const provider = new RedsysProvider(config());
    const form = provider.buildForm(input());
    expect(
      provider.readSignedForm(form.Ds_SignatureVersion, form.Ds_MerchantParameters, form.Ds_Signature)?.params
        .DS_MERCHANT_ORDER,
    ).toBe('000000000042');
    const forged = Buffer.from(
      Buffer.from(form.Ds_MerchantParameters, 'base64').toString().replace('2512', '1'),
    ).toString('base64');
    expect(provider.readSignedForm(form.Ds_SignatureVersion, forged, form.Ds_Signature)).toBeUndefined();
    expect(provider.readSignedForm('HMAC_SHA512_V2', form.Ds_MerchantParameters, form.Ds_Signature)).toBeUndefined();
    expect(provider.readSignedForm('MD5', form.Ds_MerchantParameters, form.Ds_Signature)).toBeUndefined();
  });
});

describe('Redsys notifications', () => {
  it.each(vectors.notifications.map((n: { name: string }) => [n.name, n]) as Array<[string, unknown]>)(
    'maps the published notification: %s',
    (_name, raw) => {
      const n = raw as {
        merchantKey: string;
        merchantCode: string;
        terminal: string;
        fields: Record<string, string>;
        expected: Record<string, string | number>;
      };
      const provider = new RedsysProvider({
        ...config(),
        secretKey: n.merchantKey,
        merchantCode: n.merchantCode,
        terminal: n.terminal,
      });
      const result = provider.verifyNotification(Buffer.from(new URLSearchParams(n.fields).toString()), {}, NOW);
      expect(result.ok).toBe(true);
      if (!result.ok || !result.event) throw new Error('expected an event');
      expect(result.event).toMatchObject({
        eventId: `${n.expected.order}:0000:${n.expected.authorisation}`,
        type: 'payment.succeeded',
        providerRef: n.expected.order,
        amount: n.expected.amount,
        currency: 'EUR',
      });
      if (n.expected.last4) expect(result.event.card).toEqual({ brand: n.expected.brand, last4: n.expected.last4 });
      // The same notification as JSON (some Redsys set-ups) reads the same.
      expect(provider.verifyNotification(Buffer.from(JSON.stringify(n.fields)), {}, NOW)).toEqual(result);
    },
  );

  const provider = new RedsysProvider(config());
  const verify = (body: string) =>
    provider.verifyNotification(Buffer.from(body), { 'content-type': 'application/x-www-form-urlencoded' }, NOW);

  it.each([
    ['0000', 'payment.succeeded', undefined],
    ['0099', 'payment.succeeded', undefined],
    ['0101', 'payment.failed', 'redsys_0101'],
    ['0190', 'payment.failed', 'redsys_0190'],
    ['9915', 'payment.canceled', 'redsys_9915'],
    ['180', 'payment.failed', 'redsys_0180'],
  ])('Ds_Response %s -> %s', (response, type, failureCode) => {
    const { body } = redsysNotification(KEY, {
      Ds_Order: '000000000042',
      Ds_Amount: '2512',
      Ds_Response: response,
      Ds_AuthorisationCode: '',
    });
    const result = verify(body);
    if (!result.ok || !result.event) throw new Error(`expected an event, got ${JSON.stringify(result)}`);
    expect(result.event.type).toBe(type);
    expect(result.event.failureCode).toBe(failureCode);
    expect(result.event.eventId).toBe(`000000000042:${response.padStart(4, '0')}:`);
  });

  it('gives repeated notifications the same event id, and different outcomes different ids', () => {
    const a = verify(redsysNotification(KEY, { Ds_Order: '000000000042', Ds_Amount: '2512' }).body);
    const b = verify(redsysNotification(KEY, { Ds_Order: '000000000042', Ds_Amount: '2512' }).body);
    const c = verify(
      redsysNotification(KEY, {
        Ds_Order: '000000000042',
        Ds_Amount: '2512',
        Ds_Response: '0190',
        Ds_AuthorisationCode: '',
      }).body,
    );
    if (!a.ok || !b.ok || !c.ok) throw new Error('expected events');
    expect(a.event?.eventId).toBe(b.event?.eventId);
    expect(a.event?.eventId).not.toBe(c.event?.eventId);
  });

  it('verifies HMAC_SHA512_V2 notifications too', () => {
    const result = verify(
      redsysNotification(KEY, { Ds_Order: '000000000042', Ds_Amount: '2512' }, 'HMAC_SHA512_V2').body,
    );
    expect(result.ok && result.event?.type).toBe('payment.succeeded');
  });

  it('refuses a tampered body, another key, another terminal and malformed bodies', () => {
    const { fields } = redsysNotification(KEY, { Ds_Order: '000000000042', Ds_Amount: '2512' });
    const params = Buffer.from(fields.Ds_MerchantParameters!, 'base64').toString().replace('"2512"', '"1"');
    const tampered = new URLSearchParams({
      ...fields,
      Ds_MerchantParameters: Buffer.from(params).toString('base64'),
    }).toString();
    expect(verify(tampered)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(
      verify(
        redsysNotification('Mk9m98IfEblmPfrpsawt7BmxObt98Jev', { Ds_Order: '000000000042', Ds_Amount: '2512' }).body,
      ),
    ).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verify(new URLSearchParams({ ...fields, Ds_Signature: '' }).toString())).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(
      verify(redsysNotification(KEY, { Ds_Order: '000000000042', Ds_Amount: '2512', Ds_Terminal: '002' }).body),
    ).toEqual({ ok: false, reason: 'malformed' });
    expect(
      verify(
        redsysNotification(KEY, { Ds_Order: '000000000042', Ds_Amount: '2512', Ds_MerchantCode: '999008882' }).body,
      ),
    ).toEqual({ ok: false, reason: 'malformed' });
    expect(verify(new URLSearchParams({ ...fields, Ds_SignatureVersion: 'HMAC_SHA1' }).toString())).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(verify('')).toEqual({ ok: false, reason: 'malformed' });
    expect(verify('{not json')).toEqual({ ok: false, reason: 'malformed' });
  });

  it('acknowledges other transaction types (a refund) without an event', () => {
    const result = verify(
      redsysNotification(KEY, { Ds_Order: '000000000042', Ds_Amount: '2512', Ds_TransactionType: '3' }).body,
    );
    expect(result).toMatchObject({ ok: true, event: null, ignored: 'transaction_type_3' });
  });

  it('reads Ds_Response codes', () => {
    expect(['0000', '0099', '0100', '9915', '9999', 'x', ''].map(redsysOutcome)).toEqual([
      'succeeded',
      'succeeded',
      'failed',
      'canceled',
      'failed',
      undefined,
      undefined,
    ]);
  });
});
