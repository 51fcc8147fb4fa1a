import { applyRate, cents, sum, type Cents, type RateBp } from '../money/money.js';
import type { DomainMessage } from '../i18n/domain-messages.js';
import {
  MULTI_CHOICE_TYPES,
  SINGLE_CHOICE_TYPES,
  type AnswerValue,
  type Answers,
  type ProductForm,
  type ProductOption,
  type StepCondition,
} from './product-form.js';

const DEFAULT_MAX_LENGTH: Partial<Record<ProductOption['type'], number>> = { area: 5000 };
const FIELD_MAX_LENGTH = 500;

export interface FormError {
  option_id: number;
  message: DomainMessage;
}

export interface PriceBreakdown {
  base: Cents;
  /** Supplements of answered options and chosen values. */
  options: Cents;
  /** base + options, before VAT. */
  subtotal: Cents;
  tax: Cents;
  /** Official fees without VAT. */
  fees: Cents;
  total: Cents;
}

export type FormOutcome = { type: 'continue' };

export interface FormEvaluation {
  /** Visible options, in form order. */
  visible: number[];
  errors: FormError[];
  outcome: FormOutcome;
  /** The answers that count: visible and non-empty, normalised. Hidden answers are dropped, never kept. */
  answers: Record<string, AnswerValue>;
  price: PriceBreakdown;
}

/** Normalises a raw answer: trims text, drops empties; lists keep unique integer ids. */
function normalise(option: ProductOption, raw: AnswerValue | undefined): AnswerValue | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (MULTI_CHOICE_TYPES.has(option.type)) {
    const list = Array.isArray(raw) ? raw : String(raw).split(',');
    const ids = [...new Set(list.map((v) => Number(v)).filter((v) => Number.isSafeInteger(v)))];
    return ids.length > 0 ? ids : undefined;
  }
  if (Array.isArray(raw)) return raw.length > 0 ? String(raw[0]) : undefined;
  const text = String(raw).trim();
  return text === '' ? undefined : text;
}

function matches(condition: StepCondition, answer: AnswerValue | undefined): boolean {
  if (condition.value === '') return answer === undefined;
  if (answer === undefined) return false;
  if (condition.op === 'ltdate') {
    return typeof answer === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(answer) && answer < condition.value;
  }
  if (Array.isArray(answer)) return answer.includes(Number(condition.value));
  return answer === condition.value;
}

/**
 * Whether an option is visible: every referenced option must itself be visible, and for each referenced option at
 * least one of its conditions must hold (conditions on one option are alternatives; different options all apply).
 */
function isVisible(
  option: ProductOption,
  effective: ReadonlyMap<number, AnswerValue | undefined>,
  visible: ReadonlySet<number>,
): boolean {
  if (option.previous_steps.length === 0) return true;
  const byOption = new Map<number, StepCondition[]>();
  for (const c of option.previous_steps) byOption.set(c.option_id, [...(byOption.get(c.option_id) ?? []), c]);
  for (const [optionId, conditions] of byOption) {
    if (!visible.has(optionId)) return false;
    if (!conditions.some((c) => matches(c, effective.get(optionId)))) return false;
  }
  return true;
}

function validate(option: ProductOption, answer: AnswerValue | undefined): DomainMessage | null {
  const choice = SINGLE_CHOICE_TYPES.has(option.type) || MULTI_CHOICE_TYPES.has(option.type);
  if (answer === undefined) {
    if (!option.is_require) return null;
    // The spec: text and checkbox questions say "escribe el dato"; selections say "selecciona una opción".
    const selection = choice && option.type !== 'checkbox';
    return { key: selection ? 'validation.required_selection' : 'validation.required_text' };
  }
  if (choice) {
    const ids = Array.isArray(answer) ? answer : [Number(answer)];
    const known = new Set(option.opt_values.map((v) => v.id));
    if (ids.some((id) => !known.has(id))) return { key: 'validation.unknown_value' };
    return null;
  }
  const max = option.max_length ?? DEFAULT_MAX_LENGTH[option.type] ?? FIELD_MAX_LENGTH;
  if (typeof answer === 'string' && answer.length > max) return { key: 'validation.too_long', params: { max } };
  return null;
}

function supplement(option: ProductOption, answer: AnswerValue | undefined): Cents {
  if (answer === undefined) return cents(0);
  const chosen = Array.isArray(answer) ? answer : SINGLE_CHOICE_TYPES.has(option.type) ? [Number(answer)] : [];
  const valuePrices = option.opt_values.filter((v) => chosen.includes(v.id)).map((v) => v.price);
  return sum([option.price, ...valuePrices]);
}

/**
 * Evaluates a product form for a set of answers: which questions are visible, which answers are missing or invalid,
 * and the price (base + supplements, VAT at the store's rate rounded half-up, plus official fees without VAT).
 * The same function runs in the browser and on the server, which recomputes everything the browser shows.
 */
export function evaluateForm(form: ProductForm, rawAnswers: Answers, vatRate: RateBp): FormEvaluation {
  const ordered = [...form.options].sort((a, b) => a.index - b.index || a.option_id - b.option_id);
  const effective = new Map<number, AnswerValue | undefined>();
  const visibleSet = new Set<number>();
  const visible: number[] = [];
  const errors: FormError[] = [];
  const answers: Record<string, AnswerValue> = {};
  const supplements: Cents[] = [];

  for (const option of ordered) {
    if (!isVisible(option, effective, visibleSet)) {
      effective.set(option.option_id, undefined);
      continue;
    }
    const answer = normalise(option, rawAnswers[String(option.option_id)]);
    visibleSet.add(option.option_id);
    visible.push(option.option_id);
    const error = validate(option, answer);
    if (error) {
      errors.push({ option_id: option.option_id, message: error });
      effective.set(option.option_id, undefined);
      continue;
    }
    effective.set(option.option_id, answer);
    if (answer !== undefined) {
      answers[String(option.option_id)] = answer;
      supplements.push(supplement(option, answer));
    }
  }

  const optionsTotal = sum(supplements);
  const subtotal = cents(form.base_price + optionsTotal);
  const tax = applyRate(subtotal, vatRate);
  return {
    visible,
    errors,
    outcome: { type: 'continue' },
    answers,
    price: {
      base: form.base_price,
      options: optionsTotal,
      subtotal,
      tax,
      fees: form.official_fee,
      total: cents(subtotal + tax + form.official_fee),
    },
  };
}

/** The catalogue price of a product with no supplements: base + VAT + official fee. */
export function catalogPrice(basePrice: Cents, officialFee: Cents, vatRate: RateBp): Cents {
  return cents(basePrice + applyRate(basePrice, vatRate) + officialFee);
}
