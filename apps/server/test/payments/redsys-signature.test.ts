import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  decodeMerchantParameters,
  encodeMerchantParameters,
  orderKeyV1,
  orderKeyV2,
  signMerchantParameters,
  verifyMerchantSignature,
} from '../../src/modules/payments/redsys/redsys-signature.js';

const vectors = JSON.parse(readFileSync(new URL('../fixtures/redsys/published-vectors.json', import.meta.url), 'utf8'));

describe('HMAC_SHA256_V1 against the published vectors', () => {
  const { merchantKey, order, orderKey, request, merchantParameters, signature, tripleDesOf012345678 } = vectors.v1;

  it('derives the per-order 3DES key', () => {
    expect(orderKeyV1(merchantKey, order).toString('base64')).toBe(orderKey);
    expect(orderKeyV1(merchantKey, '012345678').toString('base64')).toBe(tripleDesOf012345678);
  });

  it('encodes the request parameters exactly as Redsys does (base64 of the JSON, keys in order)', () => {
    expect(encodeMerchantParameters(request)).toBe(merchantParameters);
  });

  it('signs the request', () => {
    expect(signMerchantParameters('HMAC_SHA256_V1', merchantKey, order, merchantParameters)).toBe(signature);
  });

  it('verifies the signature in base64 and base64url, padded or not, and nothing else', () => {
    const url = signature.replace(/\+/g, '-').replace(/\//g, '_');
    for (const s of [signature, url, url.replace(/=+$/, '')]) {
      expect(verifyMerchantSignature('HMAC_SHA256_V1', merchantKey, order, merchantParameters, s)).toBe(true);
    }
    expect(verifyMerchantSignature('HMAC_SHA256_V1', merchantKey, order, `${merchantParameters}x`, signature)).toBe(
      false,
    );
    expect(verifyMerchantSignature('HMAC_SHA256_V1', merchantKey, '0726qI3H7sZy', merchantParameters, signature)).toBe(
      false,
    );
    expect(
      verifyMerchantSignature(
        'HMAC_SHA256_V1',
        'Lk9m98IfEblmPfrpsawt7BmxObt98Jev',
        order,
        merchantParameters,
        signature,
      ),
    ).toBe(false);
    expect(verifyMerchantSignature('HMAC_SHA512_V2', merchantKey, order, merchantParameters, signature)).toBe(false);
    expect(verifyMerchantSignature('HMAC_SHA256_V1', merchantKey, order, merchantParameters, 'not base64!')).toBe(
      false,
    );
    expect(
      verifyMerchantSignature('HMAC_SHA256_V1', merchantKey, order, merchantParameters, signature.slice(0, 20)),
    ).toBe(false);
  });

  it.each(vectors.notifications.map((n: { name: string }) => [n.name, n]) as Array<[string, unknown]>)(
    'verifies the published notification: %s',
    (_name, n) => {
      const {
        fields,
        merchantKey: key,
        expected,
      } = n as { fields: Record<string, string>; merchantKey: string; expected: { order: string; amount: number } };
      const params = decodeMerchantParameters(fields.Ds_MerchantParameters!)!;
      expect(params.Ds_Order).toBe(expected.order);
      expect(Number(params.Ds_Amount)).toBe(expected.amount);
      expect(
        verifyMerchantSignature(
          'HMAC_SHA256_V1',
          key,
          expected.order,
          fields.Ds_MerchantParameters!,
          fields.Ds_Signature!,
        ),
      ).toBe(true);
      if ((n as { orderKey?: string }).orderKey)
        expect(orderKeyV1(key, expected.order).toString('base64')).toBe((n as { orderKey: string }).orderKey);
    },
  );

  it('decodes URL-encoded values inside the parameters', () => {
    const params = decodeMerchantParameters(vectors.notifications[0].fields.Ds_MerchantParameters)!;
    expect(params).toMatchObject({ Ds_Date: '09/11/2015', Ds_Hour: '18:03', Ds_AuthorisationCode: '082150' });
    expect(decodeMerchantParameters('bm90IGpzb24')).toBeUndefined();
    expect(decodeMerchantParameters('WzEsMl0=')).toBeUndefined(); // [1,2]: not an object
  });
});

describe('HMAC_SHA512_V2 against the published vector', () => {
  const { merchantKey, order, orderKey, merchantParameters, signature } = vectors.v2;

  it('derives the per-order AES key', () => {
    expect(orderKeyV2(merchantKey, order)).toBe(orderKey);
  });

  it('signs in base64url without padding', () => {
    expect(signMerchantParameters('HMAC_SHA512_V2', merchantKey, order, merchantParameters)).toBe(signature);
  });

  it('verifies, and refuses a V1 reading or another order', () => {
    expect(verifyMerchantSignature('HMAC_SHA512_V2', merchantKey, order, merchantParameters, signature)).toBe(true);
    expect(verifyMerchantSignature('HMAC_SHA512_V2', merchantKey, order, merchantParameters, `${signature}==`)).toBe(
      true,
    );
    expect(verifyMerchantSignature('HMAC_SHA256_V1', merchantKey, order, merchantParameters, signature)).toBe(false);
    expect(verifyMerchantSignature('HMAC_SHA512_V2', merchantKey, '1234567891', merchantParameters, signature)).toBe(
      false,
    );
  });
});
