// OAuth 1.0a request signing (RFC 5849 section 3.4) for the spec's one-time token exchange (/oauth/initiate,
// /oauth/token): the signature base string, the percent-encoding, the parameter normalisation and the freshness rule.
// Pure: the HMAC-SHA1 itself is passed in by the caller (the server uses node:crypto), as Veri*Factu's hash is.

/** A name and value as they appear in a request (decoded); names may repeat. */
export type OAuthParam = readonly [name: string, value: string];

/** How far a request's oauth_timestamp may be from the server's clock, in seconds (either way). */
export const OAUTH_TIMESTAMP_WINDOW_S = 300;

/**
 * RFC 5849 section 3.6 percent-encoding: every byte except the unreserved ALPHA, DIGIT, "-", ".", "_", "~" is encoded
 * as %XX with uppercase hex, over the UTF-8 bytes.
 */
export function oauthPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Decodes one application/x-www-form-urlencoded component ("+" is a space). Null when it is not valid percent-encoding
 * (a lone "%" or bytes that are not UTF-8): such a request cannot be signed the same way on both sides.
 */
export function formDecode(component: string): string | null {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** The pairs of a query string or form body ("a=1&b=&c"); null when a component does not decode. */
export function parseFormPairs(text: string): OAuthParam[] | null {
  const pairs: OAuthParam[] = [];
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = formDecode(eq === -1 ? part : part.slice(0, eq));
    const value = formDecode(eq === -1 ? '' : part.slice(eq + 1));
    if (name === null || value === null) return null;
    pairs.push([name, value]);
  }
  return pairs;
}

/**
 * The parameters of an `Authorization: OAuth ...` header (RFC 5849 section 3.5.1), without "realm". Null when the
 * header is not an OAuth one or a parameter is malformed.
 */
export function parseOAuthHeader(header: string): OAuthParam[] | null {
  const match = /^\s*OAuth\s+(.*)$/is.exec(header);
  if (!match) return null;
  const pairs: OAuthParam[] = [];
  const rest = match[1]!.trim();
  if (rest === '') return pairs;
  for (const item of rest.split(',')) {
    const m = /^\s*([A-Za-z0-9_]+)\s*=\s*"([^"]*)"\s*$/.exec(item);
    if (!m) return null;
    if (m[1] === 'realm') continue;
    let value: string;
    try {
      value = decodeURIComponent(m[2]!);
    } catch {
      return null;
    }
    pairs.push([m[1]!, value]);
  }
  return pairs;
}

/**
 * The base string URI (RFC 5849 section 3.4.1.2): lowercase scheme and host, the port only when not the scheme's
 * default, the path as sent, no query or fragment.
 */
export function baseStringUri(url: string): string {
  // No URL class here (the domain has no platform library): an absolute http(s) URL is split by hand.
  // The `@` ends a URL's user information, not an e-mail address.
  // eslint-disable-next-line no-restricted-syntax
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)(?::(\d*))?([^?#]*)/.exec(url);
  if (!match) throw new Error(`not an absolute URL: ${url}`);
  const scheme = match[1]!.toLowerCase();
  const host = match[2]!.toLowerCase();
  const port = match[3] ?? '';
  const defaultPort = (scheme === 'http' && port === '80') || (scheme === 'https' && port === '443');
  return `${scheme}://${host}${port && !defaultPort ? `:${port}` : ''}${match[4] || '/'}`;
}

/**
 * Parameter normalisation (RFC 5849 section 3.4.1.3.2): each name and value percent-encoded, sorted by name then by
 * value (byte order of the encoded text), joined as name=value with "&". oauth_signature is left out.
 */
export function normaliseOAuthParams(params: readonly OAuthParam[]): string {
  return params
    .filter(([name]) => name !== 'oauth_signature')
    .map(([name, value]) => [oauthPercentEncode(name), oauthPercentEncode(value)] as const)
    .sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** The signature base string (RFC 5849 section 3.4.1): METHOD & encoded base URI & encoded normalised parameters. */
export function signatureBaseString(method: string, url: string, params: readonly OAuthParam[]): string {
  return [
    method.toUpperCase(),
    oauthPercentEncode(baseStringUri(url)),
    oauthPercentEncode(normaliseOAuthParams(params)),
  ].join('&');
}

/** The HMAC-SHA1 key (RFC 5849 section 3.4.2): encoded consumer secret & encoded token secret (empty when none). */
export function oauthSigningKey(consumerSecret: string, tokenSecret = ''): string {
  return `${oauthPercentEncode(consumerSecret)}&${oauthPercentEncode(tokenSecret)}`;
}

/** HMAC-SHA1 of `text` with `key`, base64: supplied by the caller (node:crypto on the server, WebCrypto elsewhere). */
export type HmacSha1Base64 = (key: string, text: string) => string;

/** The oauth_signature of a request (HMAC-SHA1 method). */
export function oauthSignature(
  hmac: HmacSha1Base64,
  request: { method: string; url: string; params: readonly OAuthParam[] },
  secrets: { consumerSecret: string; tokenSecret?: string },
): string {
  return hmac(
    oauthSigningKey(secrets.consumerSecret, secrets.tokenSecret),
    signatureBaseString(request.method, request.url, request.params),
  );
}

/** What is wrong with a signed request's protocol parameters, before its signature is checked. */
export type OAuthParamsProblem =
  | 'missing_parameter'
  | 'duplicate_parameter'
  | 'unsupported_signature_method'
  | 'unsupported_version'
  | 'bad_timestamp'
  | 'stale_timestamp'
  | 'bad_nonce';

/** The protocol parameters a signed request must carry, once each. */
export interface OAuthProtocolParams {
  consumerKey: string;
  token: string | null;
  signature: string;
  timestamp: number;
  nonce: string;
  callback: string | null;
  verifier: string | null;
}

/**
 * Reads and checks the oauth_* parameters of a request: present once each, HMAC-SHA1, version 1.0 when given, a
 * timestamp within the window of `nowSeconds`, a nonce of sane length. The nonce's single use (with the timestamp and
 * consumer) is the server's to record.
 */
export function readOAuthProtocolParams(
  params: readonly OAuthParam[],
  nowSeconds: number,
  windowSeconds: number = OAUTH_TIMESTAMP_WINDOW_S,
): { ok: true; value: OAuthProtocolParams } | { ok: false; problem: OAuthParamsProblem } {
  const seen = new Map<string, string>();
  for (const [name, value] of params) {
    if (!name.startsWith('oauth_')) continue;
    if (seen.has(name)) return { ok: false, problem: 'duplicate_parameter' };
    seen.set(name, value);
  }
  const consumerKey = seen.get('oauth_consumer_key');
  const signature = seen.get('oauth_signature');
  const method = seen.get('oauth_signature_method');
  const timestamp = seen.get('oauth_timestamp');
  const nonce = seen.get('oauth_nonce');
  if (!consumerKey || !signature || !method || timestamp === undefined || nonce === undefined)
    return { ok: false, problem: 'missing_parameter' };
  if (method !== 'HMAC-SHA1') return { ok: false, problem: 'unsupported_signature_method' };
  const version = seen.get('oauth_version');
  if (version !== undefined && version !== '1.0') return { ok: false, problem: 'unsupported_version' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, problem: 'bad_timestamp' };
  const ts = Number(timestamp);
  if (Math.abs(ts - nowSeconds) > windowSeconds) return { ok: false, problem: 'stale_timestamp' };
  if (!/^[\x21-\x7e]{1,64}$/.test(nonce)) return { ok: false, problem: 'bad_nonce' };
  return {
    ok: true,
    value: {
      consumerKey,
      token: seen.get('oauth_token') ?? null,
      signature,
      timestamp: ts,
      nonce,
      callback: seen.get('oauth_callback') ?? null,
      verifier: seen.get('oauth_verifier') ?? null,
    },
  };
}

/**
 * A callback a consumer may ask for: "oob" (the verifier is shown to the user) or an absolute http(s) URL without
 * credentials. Anything else (javascript:, relative paths) would turn the authorization page into an open redirect.
 */
export function isAcceptableOAuthCallback(callback: string): boolean {
  if (callback === 'oob') return true;
  if (callback.length > 2000) return false;
  // Absolute http(s), a host, no user or password, no spaces or control characters.
  return /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?([/?#][\x21-\x7e]*)?$/.test(callback);
}
