import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';

/** The two signature schemes of the Redsys redirect and REST interfaces. */
export type RedsysSignatureVersion = 'HMAC_SHA256_V1' | 'HMAC_SHA512_V2';

export const REDSYS_SIGNATURE_VERSIONS: readonly RedsysSignatureVersion[] = ['HMAC_SHA256_V1', 'HMAC_SHA512_V2'];

export function isRedsysSignatureVersion(value: unknown): value is RedsysSignatureVersion {
  return typeof value === 'string' && (REDSYS_SIGNATURE_VERSIONS as readonly string[]).includes(value);
}

/**
 * HMAC_SHA256_V1 per-order key: 3DES-CBC of the order with the base64-decoded merchant key, IV of 8 zero bytes,
 * the order zero-padded to a multiple of 8 and no other padding.
 */
export function orderKeyV1(merchantKey: string, order: string): Buffer {
  const key = Buffer.from(merchantKey, 'base64');
  const data = Buffer.from(order, 'utf8');
  const padded = Buffer.concat([data, Buffer.alloc((8 - (data.length % 8)) % 8)]);
  const cipher = createCipheriv('des-ede3-cbc', key, Buffer.alloc(8));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

/**
 * HMAC_SHA512_V2 per-order key: AES-128-CBC of the order (PKCS#7, IV zeros) keyed by the first 16 characters of
 * the merchant key string; the HMAC key is the base64 text of that ciphertext, not its bytes.
 */
export function orderKeyV2(merchantKey: string, order: string): string {
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(merchantKey.slice(0, 16), 'utf8'), Buffer.alloc(16));
  return Buffer.concat([cipher.update(order, 'utf8'), cipher.final()]).toString('base64');
}

function mac(version: RedsysSignatureVersion, merchantKey: string, order: string, merchantParameters: string): Buffer {
  return version === 'HMAC_SHA256_V1'
    ? createHmac('sha256', orderKeyV1(merchantKey, order)).update(merchantParameters, 'utf8').digest()
    : createHmac('sha512', orderKeyV2(merchantKey, order)).update(merchantParameters, 'utf8').digest();
}

/**
 * The Ds_Signature of a request we send: V1 in standard base64 (as Redsys' own libraries send it), V2 in base64url
 * without padding (as Redsys' V2 examples do).
 */
export function signMerchantParameters(
  version: RedsysSignatureVersion,
  merchantKey: string,
  order: string,
  merchantParameters: string,
): string {
  const digest = mac(version, merchantKey, order, merchantParameters);
  return version === 'HMAC_SHA256_V1' ? digest.toString('base64') : digest.toString('base64url');
}

/** Decodes base64 or base64url, padded or not; undefined for anything else. */
function decodeBase64Loose(value: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return undefined;
  return Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/**
 * Checks a Ds_Signature received from Redsys (notifications arrive in base64url, with or without padding) over the
 * Ds_MerchantParameters text exactly as received, in constant time.
 */
export function verifyMerchantSignature(
  version: RedsysSignatureVersion,
  merchantKey: string,
  order: string,
  merchantParameters: string,
  signature: string,
): boolean {
  const given = decodeBase64Loose(signature);
  if (!given) return false;
  const expected = mac(version, merchantKey, order, merchantParameters);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Base64 of the JSON of the parameters (the Ds_MerchantParameters field). */
export function encodeMerchantParameters(params: Record<string, string>): string {
  return Buffer.from(JSON.stringify(params), 'utf8').toString('base64');
}

/**
 * Reads Ds_MerchantParameters: base64 (or base64url) JSON whose string values may be URL-encoded
 * (Ds_Date "09%2F11%2F2015"). Returns undefined when it is not a JSON object.
 */
export function decodeMerchantParameters(value: string): Record<string, string> | undefined {
  const bytes = decodeBase64Loose(value);
  if (!bytes) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof v === 'string') {
      try {
        out[k] = decodeURIComponent(v.replace(/\+/g, ' '));
      } catch {
        out[k] = v;
      }
    } else if (typeof v === 'number') out[k] = String(v);
  }
  return out;
}
