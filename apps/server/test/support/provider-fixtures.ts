import { readFileSync } from 'node:fs';
import type { FetchFn } from '../../src/modules/payments/stripe/stripe-client.js';
import {
  encodeMerchantParameters,
  signMerchantParameters,
  type RedsysSignatureVersion,
} from '../../src/modules/payments/redsys/redsys-signature.js';

/** Reads a JSON fixture under test/fixtures (untyped by default: tests reach into recorded payloads). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function fixture<T = any>(relative: string): T {
  return JSON.parse(readFileSync(new URL(`../fixtures/${relative}`, import.meta.url), 'utf8')) as T;
}

/** The Redsys public test merchant (iberian-algorithms.md): merchant 999008881, terminal 1 and its published key. */
export const REDSYS_TEST_ENV = {
  REDSYS_MERCHANT_CODE: '999008881',
  REDSYS_TERMINAL: '1',
  REDSYS_SECRET_KEY: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
  REDSYS_ENV: 'test',
};

export const STRIPE_TEST_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_endpoint_secret',
};

/**
 * A notification as Redsys posts it to DS_MERCHANT_MERCHANTURL: a form with the signature in base64url. The parameters
 * are those Redsys sends for an authorisation; `params` overrides them.
 */
export function redsysNotification(
  key: string,
  params: Record<string, string>,
  version: RedsysSignatureVersion = 'HMAC_SHA256_V1',
): { body: string; fields: Record<string, string> } {
  const merchantParameters = encodeMerchantParameters({
    Ds_Date: '22%2F11%2F2026',
    Ds_Hour: '10%3A15',
    Ds_SecurePayment: '1',
    Ds_Currency: '978',
    Ds_MerchantCode: '999008881',
    Ds_Terminal: '001',
    Ds_Response: '0000',
    Ds_MerchantData: '',
    Ds_TransactionType: '0',
    Ds_ConsumerLanguage: '1',
    Ds_AuthorisationCode: '123456',
    ...params,
  });
  // Redsys sends base64url keeping the padding, e.g. "52nPyUkyDws__OfMqDka_yN-arxzulELZC1TYTvvR0s=".
  const signature = signMerchantParameters(version, key, params.Ds_Order!, merchantParameters)
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  const fields = { Ds_SignatureVersion: version, Ds_MerchantParameters: merchantParameters, Ds_Signature: signature };
  return { body: new URLSearchParams(fields).toString(), fields };
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A fetch that records every request and answers with the given responses in turn (the last one repeats). */
export function recordingFetch(
  responses: Array<{ status: number; headers?: Record<string, string>; body: unknown } | Error>,
) {
  const requests: RecordedRequest[] = [];
  let i = 0;
  const fetchFn: FetchFn = async (url, init) => {
    requests.push({ url, method: init.method, headers: { ...init.headers }, body: init.body });
    const next = responses[Math.min(i++, responses.length - 1)]!;
    if (next instanceof Error) throw next;
    const headers = new Map(Object.entries(next.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    return {
      status: next.status,
      headers: { get: (n: string) => headers.get(n.toLowerCase()) ?? null },
      text: async () => JSON.stringify(next.body),
    };
  };
  return { fetchFn, requests };
}
