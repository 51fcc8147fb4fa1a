/**
 * The questions' display flags (docs/shop-flows.md, "Display flags"): how a question shows its price, which block of
 * its page it belongs to and whether a choice can be taken back. The browser's wizard and the server's forms without
 * JavaScript both render from these functions, so the two never disagree on a flag.
 */
import { cents, type Cents, type RateBp } from '../money/money.js';
import { catalogPrice } from '../pricing/list-price.js';
import { SINGLE_CHOICE_TYPES, type DisplayFlag, type OptionType } from './product-form.js';

/**
 * A question's flags in either shape: the engine's `display` record, or the API's fields (`hide_price: 0 | 1`).
 */
export type FlaggedOption = {
  display?: Partial<Record<DisplayFlag, boolean>> | null;
} & Partial<Record<DisplayFlag, number | boolean | null>>;

/** Whether a display flag is set on a question (either shape). */
export function hasDisplayFlag(option: FlaggedOption, flag: DisplayFlag): boolean {
  const field = option[flag];
  return option.display?.[flag] === true || field === true || field === 1;
}

/** Whether a question belongs to the previous question's block (`embedded_to_previous`, or `embedded_hidden`). */
export function isEmbedded(option: FlaggedOption): boolean {
  return hasDisplayFlag(option, 'embedded_to_previous') || hasDisplayFlag(option, 'embedded_hidden');
}

/** The price a question or one of its choices shows beside it; null when it shows none. */
export type ShownPrice = { kind: 'supplement'; amount: Cents } | { kind: 'full'; amount: Cents } | null;

/** What a full price is made of: the product's own prices and the store's VAT rate. */
export interface FullPriceBasis {
  base_price: Cents;
  official_fee: Cents;
  vatRate: RateBp;
}

function shown(option: FlaggedOption, extra: Cents, basis: FullPriceBasis): ShownPrice {
  if (hasDisplayFlag(option, 'hide_price')) return null;
  if (hasDisplayFlag(option, 'full_price')) {
    return { kind: 'full', amount: catalogPrice(cents(basis.base_price + extra), basis.official_fee, basis.vatRate) };
  }
  return extra > 0 ? { kind: 'supplement', amount: extra } : null;
}

/**
 * The price a question shows for itself (its own `price`): `hide_price` shows none; `full_price` the service's price
 * with this question answered (base + its price, VAT and official fee included, fee lines and other questions aside);
 * otherwise its supplement ("+x", before VAT as the price panel's supplements), when above zero.
 */
export function questionPrice(option: FlaggedOption & { price: Cents }, basis: FullPriceBasis): ShownPrice {
  return shown(option, option.price, basis);
}

/**
 * The price one choice of a question shows (the question's own price counts with it): as `questionPrice`, for the
 * value's price. With `full_price` every choice shows its full price, a choice of no supplement too.
 */
export function choicePrice(
  option: FlaggedOption & { price: Cents },
  valuePrice: Cents,
  basis: FullPriceBasis,
): ShownPrice {
  const full = hasDisplayFlag(option, 'full_price');
  return shown(option, full ? cents(option.price + valuePrice) : valuePrice, basis);
}

/**
 * Whether a question's price is told once per choice instead of in the question's hint: a choice question with
 * `full_price` (its full price already counts the question's own price).
 */
export function pricePerChoice(option: FlaggedOption & { type: string; opt_values: readonly unknown[] }): boolean {
  return hasDisplayFlag(option, 'full_price') && option.opt_values.length > 0;
}

/** A block of a wizard page: a question and the questions embedded in it, rendered together. */
export interface QuestionBlock<O> {
  lead: O;
  embedded: O[];
}

/**
 * A page's questions in blocks: a question flagged `embedded_to_previous` (or `embedded_hidden`) joins the block of
 * the question before it on the page, with no heading of its own; the first one of a page leads its own block.
 */
export function questionBlocks<O extends FlaggedOption>(questions: readonly O[]): Array<QuestionBlock<O>> {
  const blocks: Array<QuestionBlock<O>> = [];
  for (const question of questions) {
    const last = blocks.at(-1);
    if (last && isEmbedded(question)) last.embedded.push(question);
    else blocks.push({ lead: question, embedded: [] });
  }
  return blocks;
}

/**
 * Whether a choice question offers "none" as a choice (`can_be_empty`): an optional single choice whose answer can be
 * taken back (a chosen radio cannot be cleared otherwise). Drop-downs always offer their empty item; checkboxes can
 * all be unticked; a required question must be answered, so the flag does nothing there.
 */
export function offersNoChoice(option: FlaggedOption & { type: string; is_require: boolean | number }): boolean {
  const required = option.is_require === true || option.is_require === 1;
  const radios = SINGLE_CHOICE_TYPES.has(option.type as OptionType) && option.type !== 'drop_down';
  return hasDisplayFlag(option, 'can_be_empty') && !required && radios;
}
