import { cents, type Language } from '@ventanilla/domain';
import type { RedsysConfig } from '../../../config/payments-config.js';
import {
  PaymentProviderError,
  type CreatedPayment,
  type CreatePaymentInput,
  type PaymentMethodCode,
  type PaymentProvider,
  type RequestHeaders,
  type VerifyResult,
} from '../payment-provider.js';
import {
  decodeMerchantParameters,
  encodeMerchantParameters,
  isRedsysSignatureVersion,
  signMerchantParameters,
  verifyMerchantSignature,
  type RedsysSignatureVersion,
} from './redsys-signature.js';

/** Where createPayment sends the browser: our page that posts the signed form to Redsys. */
export const REDSYS_REDIRECT_PATH = '/api/payments/redsys/redirect';

/** DS_MERCHANT_PAYMETHODS: C card only, z Bizum. */
const PAYMETHODS: Partial<Record<PaymentMethodCode, string>> = { cc: 'C', bizum: 'z' };

/** DS_MERCHANT_CONSUMERLANGUAGE of Redsys' page: 1 Spanish, 2 English, 9 Portuguese. */
const CONSUMER_LANGUAGE: Record<Language, string> = { es: '1', en: '2', pt: '9' };

/** Ds_Card_Brand codes Redsys reports. */
const CARD_BRANDS: Record<string, string> = {
  '1': 'visa',
  '2': 'mastercard',
  '6': 'diners',
  '8': 'amex',
  '9': 'jcb',
  '22': 'unionpay',
};

/** The signed form fields Redsys expects. */
export interface RedsysForm {
  Ds_SignatureVersion: RedsysSignatureVersion;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
}

/**
 * Redsys' order number for one of our payments: 12 characters, all digits, so the first 4 are numeric as Redsys
 * requires. Deterministic: opening the same payment again gives the same order, and Redsys refuses to charge an order
 * number twice.
 */
export function redsysOrderFor(paymentId: number, prefix = ''): string {
  const digits = String(paymentId);
  if (!Number.isSafeInteger(paymentId) || paymentId <= 0 || prefix.length + digits.length > 12) {
    throw new PaymentProviderError(`payment ${paymentId} does not fit a Redsys order number`);
  }
  return prefix + digits.padStart(12 - prefix.length, '0');
}

/** What a Ds_Response code means: 0000-0099 authorised, 9915 cancelled by the customer, anything else refused. */
export function redsysOutcome(response: string): 'succeeded' | 'canceled' | 'failed' | undefined {
  if (!/^\d{1,4}$/.test(response)) return undefined;
  const code = Number(response);
  if (code <= 99) return 'succeeded';
  if (code === 9915) return 'canceled';
  return 'failed';
}

/**
 * Redsys (card and Bizum) through the redirect interface: the customer's browser posts our signed parameters to the
 * Redsys payment page (card entry and 3-D Secure happen there), and Redsys posts the signed result to
 * DS_MERCHANT_MERCHANTURL (our notifications route).
 */
export class RedsysProvider implements PaymentProvider {
  readonly code = 'redsys';

  constructor(private readonly config: RedsysConfig) {}

  get formUrl(): string {
    return this.config.formUrl;
  }

  /** The signed parameters of one payment (no network call: Redsys is reached by the customer's browser). */
  buildForm(input: CreatePaymentInput): RedsysForm {
    const paymethods = PAYMETHODS[input.method];
    if (!paymethods) throw new PaymentProviderError(`Redsys does not serve ${input.method}`);
    if (input.currency !== 'EUR')
      throw new PaymentProviderError(`Redsys adapter charges EUR only, got ${input.currency}`);
    const order = redsysOrderFor(input.paymentId, this.config.orderPrefix);
    const params: Record<string, string> = {
      DS_MERCHANT_AMOUNT: String(input.amount),
      DS_MERCHANT_ORDER: order,
      DS_MERCHANT_MERCHANTCODE: this.config.merchantCode,
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_TERMINAL: this.config.terminal,
      DS_MERCHANT_MERCHANTURL: input.notifyUrl,
      DS_MERCHANT_URLOK: input.returnUrl,
      DS_MERCHANT_URLKO: input.cancelUrl,
      DS_MERCHANT_PAYMETHODS: paymethods,
      DS_MERCHANT_CONSUMERLANGUAGE: CONSUMER_LANGUAGE[input.language],
      DS_MERCHANT_PRODUCTDESCRIPTION: input.description.slice(0, 125),
      DS_MERCHANT_MERCHANTDATA: String(input.paymentId),
    };
    const merchantParameters = encodeMerchantParameters(params);
    const version = this.config.signatureVersion;
    return {
      Ds_SignatureVersion: version,
      Ds_MerchantParameters: merchantParameters,
      Ds_Signature: signMerchantParameters(version, this.config.secretKey, order, merchantParameters),
    };
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const form = this.buildForm(input);
    const query = new URLSearchParams({
      v: form.Ds_SignatureVersion,
      p: form.Ds_MerchantParameters,
      s: form.Ds_Signature,
      lang: input.language,
    });
    return {
      providerRef: redsysOrderFor(input.paymentId, this.config.orderPrefix),
      redirectUrl: `${REDSYS_REDIRECT_PATH}?${query.toString()}`,
    };
  }

  /** Checks a form we signed (the redirect page renders only those) and returns its parameters. */
  readSignedForm(version: string | undefined, merchantParameters: string | undefined, signature: string | undefined) {
    if (!isRedsysSignatureVersion(version) || !merchantParameters || !signature) return undefined;
    const params = decodeMerchantParameters(merchantParameters);
    const order = params?.DS_MERCHANT_ORDER;
    if (!params || !order) return undefined;
    if (!verifyMerchantSignature(version, this.config.secretKey, order, merchantParameters, signature))
      return undefined;
    return {
      form: {
        Ds_SignatureVersion: version,
        Ds_MerchantParameters: merchantParameters,
        Ds_Signature: signature,
      } as RedsysForm,
      params,
    };
  }

  /**
   * Verifies a notification (form-urlencoded, or JSON): Ds_Signature over Ds_MerchantParameters as received, with the
   * key of the order it names; our merchant code and terminal; then maps Ds_Response. Redsys sends no event id and no
   * signed timestamp: the event id is the order with its response and authorisation code, so a repeated
   * notification is a duplicate, and a replay can only repeat what already happened.
   */
  verifyNotification(rawBody: Buffer, _headers: RequestHeaders, _now: Date): VerifyResult {
    const fields = parseFields(rawBody.toString('utf8'));
    if (!fields) return { ok: false, reason: 'malformed' };
    const version = fields.Ds_SignatureVersion;
    const merchantParameters = fields.Ds_MerchantParameters;
    const signature = fields.Ds_Signature;
    if (!isRedsysSignatureVersion(version) || !merchantParameters || !signature)
      return { ok: false, reason: 'malformed' };
    const params = decodeMerchantParameters(merchantParameters);
    // Redsys names the keys Ds_Order in notifications; some integrations upper-case them.
    const get = (name: string) => params?.[name] ?? params?.[name.toUpperCase()];
    const order = get('Ds_Order');
    if (!params || !order) return { ok: false, reason: 'malformed' };
    if (!verifyMerchantSignature(version, this.config.secretKey, order, merchantParameters, signature)) {
      return { ok: false, reason: 'bad_signature' };
    }
    // Signed with our key but for another terminal of the same merchant: not ours to apply.
    if (
      get('Ds_MerchantCode') !== this.config.merchantCode ||
      Number(get('Ds_Terminal')) !== Number(this.config.terminal)
    ) {
      return { ok: false, reason: 'malformed' };
    }
    const response = get('Ds_Response') ?? '';
    const outcome = redsysOutcome(response);
    const amountText = get('Ds_Amount') ?? '';
    if (!outcome || !/^\d{1,12}$/.test(amountText)) return { ok: false, reason: 'malformed' };
    const transactionType = get('Ds_TransactionType') ?? '0';
    // Only authorisations pay orders (refunds and confirmations are other transaction types).
    if (transactionType !== '0')
      return { ok: true, event: null, ignored: `transaction_type_${transactionType}`, payload: params };
    const currency = get('Ds_Currency') === '978' ? 'EUR' : (get('Ds_Currency') ?? '');
    const authorisation = (get('Ds_AuthorisationCode') ?? '').trim();
    const cardNumber = get('Ds_Card_Number') ?? '';
    const last4 = /\d{4}$/.exec(cardNumber)?.[0];
    const brandCode = get('Ds_Card_Brand');
    const type =
      outcome === 'succeeded' ? 'payment.succeeded' : outcome === 'canceled' ? 'payment.canceled' : 'payment.failed';
    return {
      ok: true,
      payload: params,
      event: {
        eventId: `${order}:${response.padStart(4, '0')}:${authorisation}`,
        type,
        providerRef: order,
        amount: cents(Number(amountText)),
        currency,
        ...(outcome === 'succeeded' ? {} : { failureCode: `redsys_${response.padStart(4, '0')}` }),
        ...(last4 ? { card: { brand: (brandCode && CARD_BRANDS[brandCode]) ?? 'card', last4 } } : {}),
      },
    };
  }
}

/** The three fields of a notification, posted as a form (the usual) or as JSON. */
function parseFields(text: string): Record<string, string> | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const json = JSON.parse(trimmed) as Record<string, unknown>;
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(json)) if (typeof v === 'string') out[k] = v;
      return out;
    } catch {
      return undefined;
    }
  }
  if (!trimmed) return undefined;
  return Object.fromEntries(new URLSearchParams(trimmed));
}
