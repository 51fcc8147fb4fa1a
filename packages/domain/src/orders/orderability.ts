import type { ExitRuleRef, FormError, FormEvaluation } from '../forms/evaluate-form.js';

/** What orderability needs to know of a catalogue product. */
export interface OfferedProduct {
  /** `fee` products (official fees) are charged only as fee lines of a service, never ordered alone. */
  kind: 'service' | 'fee' | (string & {});
  /** Enabled in the catalogue; a disabled product is neither listed nor orderable. */
  visible: boolean;
  /** The stores that sell it. */
  storeIds: ReadonlySet<number>;
}

/** Why a product is not on offer in a store. */
export type NotOffered = { orderable: false; reason: 'fee_product' | 'disabled' | 'not_in_store' };

/** Why the answers stop a line, or let it through. */
export type AnswersVerdict =
  | { orderable: true }
  | { orderable: false; reason: 'exit'; message: string; rule: ExitRuleRef }
  | { orderable: false; reason: 'redirect'; product_id: number; step_saved: number }
  | { orderable: false; reason: 'invalid_answers'; errors: FormError[] };

/** Whether a product with these answers can be added to a cart or ordered in a store, and if not, why. */
export type Orderability = NotOffered | AnswersVerdict;

/** Whether a cart can be checked out, and if not, why. */
export type CartOrderability = { orderable: false; reason: 'empty' } | AnswersVerdict;

/** Whether a store offers a product: a service, enabled, sold in that store. */
export function productOffer(product: OfferedProduct, storeId: number): { orderable: true } | NotOffered {
  if (product.kind === 'fee') return { orderable: false, reason: 'fee_product' };
  if (!product.visible) return { orderable: false, reason: 'disabled' };
  if (!product.storeIds.has(storeId)) return { orderable: false, reason: 'not_in_store' };
  return { orderable: true };
}

/**
 * What the answers allow: the wizard stops at an exit (with its message and rule) or a redirect (to the product the
 * answers belong to) before it looks at invalid answers, and so do add-to-cart and checkout.
 */
export function answersVerdict(evaluation: Pick<FormEvaluation, 'errors' | 'outcome'>): AnswersVerdict {
  const { outcome } = evaluation;
  if (outcome.type === 'exit')
    return { orderable: false, reason: 'exit', message: outcome.message, rule: outcome.rule };
  if (outcome.type === 'redirect') {
    return { orderable: false, reason: 'redirect', product_id: outcome.product_id, step_saved: outcome.step_saved };
  }
  if (evaluation.errors.length > 0) return { orderable: false, reason: 'invalid_answers', errors: evaluation.errors };
  return { orderable: true };
}

/** Whether a product with these answers (evaluated for that store) can be added to a cart in a store. */
export function orderability(
  product: OfferedProduct,
  storeId: number,
  evaluation: Pick<FormEvaluation, 'errors' | 'outcome'>,
): Orderability {
  const offer = productOffer(product, storeId);
  return offer.orderable ? answersVerdict(evaluation) : offer;
}

/**
 * Whether a cart's lines can be checked out (lines already re-evaluated, products no longer offered already left out):
 * an empty cart cannot; a line with valid answers stopped by an exit or a redirect is named first, then a line with
 * invalid answers (the catalogue may have changed since the line was added).
 */
export function cartOrderability(lines: ReadonlyArray<Pick<FormEvaluation, 'errors' | 'outcome'>>): CartOrderability {
  if (lines.length === 0) return { orderable: false, reason: 'empty' };
  const stopped = lines
    .filter((l) => l.errors.length === 0)
    .map(answersVerdict)
    .find((v) => !v.orderable);
  if (stopped) return stopped;
  const invalid = lines.find((l) => l.errors.length > 0);
  return invalid ? { orderable: false, reason: 'invalid_answers', errors: invalid.errors } : { orderable: true };
}
