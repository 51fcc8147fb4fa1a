import { PaymentProviderError } from '../payment-provider.js';

/** The fetch the adapter uses: the global one in production, a recorder in tests (the real API is not reachable). */
export type FetchFn = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}>;

export type FormValue = string | number | boolean | undefined | null | FormValue[] | { [key: string]: FormValue };

/**
 * Stripe's form encoding: nested objects as `a[b]=v`, arrays as `a[0]=v`, in insertion order; undefined and null
 * are left out. Keys and values are percent-encoded (spaces as %20).
 */
export function encodeForm(params: Record<string, FormValue>): string {
  const pairs: string[] = [];
  const walk = (key: string, value: FormValue) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(`${key}[${i}]`, v));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(`${key}[${k}]`, v);
    else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  for (const [k, v] of Object.entries(params)) walk(k, v);
  return pairs.join('&');
}

/** An error answer from Stripe: what went wrong, never the request (it may carry the customer's email). */
export class StripeApiError extends PaymentProviderError {
  override name = 'StripeApiError';
  constructor(
    readonly status: number,
    readonly type: string | undefined,
    readonly code: string | undefined,
    message: string,
    readonly requestId: string | null,
  ) {
    super(`Stripe ${status} ${type ?? ''}${code ? `/${code}` : ''}: ${message}${requestId ? ` (${requestId})` : ''}`);
  }
}

export interface StripeClientOptions {
  secretKey: string;
  apiBase: string;
  fetch: FetchFn;
  timeoutMs?: number;
  /** Attempts for network errors, 429 and 5xx (same Idempotency-Key each time, so a retry cannot charge twice). */
  attempts?: number;
}

/** A small Stripe REST client: form-encoded POSTs with Bearer auth and an Idempotency-Key on every creating call. */
export class StripeClient {
  constructor(private readonly options: StripeClientOptions) {}

  /** A creating call: POST with an Idempotency-Key, always. */
  async create<T>(path: string, params: Record<string, FormValue>, idempotencyKey: string): Promise<T> {
    if (!idempotencyKey || idempotencyKey.length > 255)
      throw new PaymentProviderError('Stripe Idempotency-Key must be 1-255 characters');
    return this.send<T>('POST', path, encodeForm(params), idempotencyKey);
  }

  /** A read (GET): no body, nothing to make idempotent. */
  async retrieve<T>(path: string): Promise<T> {
    return this.send<T>('GET', path, undefined, undefined);
  }

  private async send<T>(
    method: 'GET' | 'POST',
    path: string,
    body: string | undefined,
    idempotencyKey: string | undefined,
  ): Promise<T> {
    const attempts = this.options.attempts ?? 2;
    const headers: Record<string, string> = { authorization: `Bearer ${this.options.secretKey}` };
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let res;
      try {
        res = await this.options.fetch(`${this.options.apiBase}/v1${path}`, {
          method,
          headers: { ...headers },
          ...(body !== undefined ? { body } : {}),
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
        });
      } catch (err) {
        lastError = new PaymentProviderError(`Stripe unreachable: ${(err as Error).message}`);
        continue;
      }
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      if (res.status >= 200 && res.status < 300 && json && typeof json === 'object') return json as T;
      const e = (json as { error?: { type?: string; code?: string; message?: string } } | undefined)?.error;
      lastError = new StripeApiError(
        res.status,
        e?.type,
        e?.code,
        e?.message ?? 'unexpected answer',
        res.headers.get('request-id'),
      );
      // 4xx other than 429 are final: retrying the same request gives the same answer.
      if (res.status !== 429 && res.status < 500) break;
    }
    throw lastError;
  }
}
