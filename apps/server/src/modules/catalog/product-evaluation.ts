import {
  evaluateForm,
  formatMoneyString,
  isFileReference,
  translateDomainMessage,
  type Answers,
  type AnswerValue,
  type FileReference,
  type FileResolver,
  type FormEvaluation,
  type FormOutcome,
  type Language,
  type PriceBreakdown,
} from '@ventanilla/domain';
import type { CatalogProduct, StoreInfo } from './catalog.service.js';
import { placeDirectory } from '../geo/index.js';

/** Raw JSON answers as the API receives them (a file question's answer is a file reference). */
export type RawAnswers = Record<string, string | number | Array<string | number> | RawFileReference | null>;

/** A file reference as a client may send it: only file_id is needed (the server fills in the rest). */
export type RawFileReference = Pick<FileReference, 'file_id'> & Partial<FileReference>;

/**
 * Coerces JSON answers into the engine's shape: numbers to text, list items to integers, null to "no answer"; file
 * references stay objects (the engine checks them).
 */
export function toAnswers(raw: RawAnswers): Answers {
  const answers: Record<string, AnswerValue | undefined> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === null) continue;
    if (isFileReference(value)) answers[key] = value;
    else answers[key] = Array.isArray(value) ? value.map((v) => Number(v)) : String(value);
  }
  return answers;
}

export function priceOut(price: PriceBreakdown) {
  return {
    base: formatMoneyString(price.base),
    options: formatMoneyString(price.options),
    subtotal: formatMoneyString(price.subtotal),
    tax: formatMoneyString(price.tax),
    fees: formatMoneyString(price.fees),
    related: price.related.map((r) => ({
      product_id: r.product_id,
      name: r.name,
      vat: r.vat,
      price: formatMoneyString(r.price),
      tax: formatMoneyString(r.tax),
      total: formatMoneyString(r.total),
    })),
    total: formatMoneyString(price.total),
  };
}

/** The outcome as the API shows it; a redirect also names the target's url_key when the store offers it. */
export function outcomeOut(outcome: FormOutcome, targetUrlKey: (productId: number) => string | undefined) {
  if (outcome.type !== 'redirect') return outcome;
  const urlKey = targetUrlKey(outcome.product_id);
  return { ...outcome, ...(urlKey ? { url_key: urlKey } : {}) };
}

/** The errors of an evaluation (or a verdict) in the store's language. */
export function errorsOut(evaluation: Pick<FormEvaluation, 'errors'>, language: Language) {
  return evaluation.errors.map((e) => ({
    option_id: e.option_id,
    message: translateDomainMessage(language, e.message),
  }));
}

/**
 * Runs the product's form engine for a store (its VAT rate), as every step, add-to-cart and checkout do. `files`
 * resolves the caller's uploads (UploadsService.resolverFor); without it every file reference is an invalid answer,
 * so the server never takes a browser's reference on trust.
 */
export function evaluateProduct(
  store: StoreInfo,
  product: CatalogProduct,
  raw: RawAnswers,
  files: FileResolver = () => undefined,
): FormEvaluation {
  return evaluateForm(product.form, toAnswers(raw), store.vatRate, { files, places: placeDirectory() });
}

/**
 * The evaluate endpoint's answer for an evaluation; also inlined into a wizard step's page for the answers of a fresh
 * start (modules/seo), so both must be this one shape.
 */
export function evaluationOut(
  store: StoreInfo,
  evaluation: FormEvaluation,
  targetUrlKey: (productId: number) => string | undefined,
) {
  return {
    visible: evaluation.visible,
    errors: errorsOut(evaluation, store.language),
    outcome: outcomeOut(evaluation.outcome, targetUrlKey),
    answers: evaluation.answers,
    price: priceOut(evaluation.price),
  };
}
