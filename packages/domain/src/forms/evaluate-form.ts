import { applyRate, cents, sum, type Cents, type RateBp } from '../money/money.js';
import { feeLines } from '../pricing/list-price.js';
import type { PriceBreakdown } from '../pricing/price-breakdown.js';
import type { DomainMessage } from '../i18n/domain-messages.js';
import {
  MULTI_CHOICE_TYPES,
  SINGLE_CHOICE_TYPES,
  isFileReference,
  type AnswerValue,
  type Answers,
  type EarlyCheckoutRule,
  type FileReference,
  type ProductForm,
  type ProductOption,
  type RelatedProduct,
  type StepCondition,
  type ValidatorName,
} from './product-form.js';
import { validateByName } from '../validators/validate-by-name.js';
import { accountEntity, bankMatchesAccount, spanishBank } from '../validators/spanish-banks.js';
import { withoutSpaces } from '../validators/check-result.js';
import { checkPlaceAnswer, PLACE_TYPES, type PlaceLookup } from './place-answers.js';
import { isOwnerUnknown } from './owner-name.js';
import { hasDisplayFlag } from './display-flags.js';

// The price parts live in pricing/; kept importable from here for the engine's callers.
export { catalogPrice } from '../pricing/list-price.js';
export { lineAmounts } from '../pricing/order-totals.js';
export type { PriceBreakdown, RelatedFeeLine } from '../pricing/price-breakdown.js';

const DEFAULT_MAX_LENGTH: Partial<Record<ProductOption['type'], number>> = { area: 5000 };
const FIELD_MAX_LENGTH = 500;

export interface FormError {
  option_id: number;
  message: DomainMessage;
}

/** The exit rule that fired: its position in the form's conditions_to_exit and its conditions (all of which hold). */
export interface ExitRuleRef {
  /** 0-based index in conditions_to_exit. */
  index: number;
  options: StepCondition[];
}

/** What the answers lead to, besides errors. Precedence: exit, then redirect, then early checkout, then continue. */
export type FormOutcome =
  | { type: 'continue' }
  | {
      type: 'exit';
      message: string;
      /** Which rule fired, so the wizard can send the customer back to the answer to change. */
      rule: ExitRuleRef;
    }
  | {
      type: 'redirect';
      product_id: number;
      /** 1-based page of the target product where the wizard resumes. */
      step_saved: number;
      /** The accepted answers, carried over to the target product. */
      answers: Record<string, AnswerValue>;
    }
  | { type: 'early_checkout'; confirmation_options: number[] };

export type ValidationResult = { ok: true; normalised: string } | { ok: false; message: DomainMessage };

/**
 * The answer validators (dni, iban, ...): the engine calls one for visible, non-empty text answers of options with a
 * `validator`. Default: `validateByName` of the validators module.
 */
export type AnswerValidator = (name: ValidatorName, value: string) => ValidationResult;

/**
 * Looks up an uploaded document by its id for the caller: its stored reference, or undefined when it does not exist or
 * belongs to someone else. The server resolves the ids beforehand (I/O stays out of the engine).
 */
export type FileResolver = (fileId: string) => FileReference | undefined;

export interface EvaluateOptions {
  /** Replaces the validators (tests); defaults to `validateByName`. */
  validate?: AnswerValidator;
  /**
   * Checks `file` answers: an unknown or foreign id is an invalid answer, a known one is replaced by the stored
   * reference. Without it (the browser) a well-formed reference is taken as given; the server always passes one.
   */
  files?: FileResolver;
  /**
   * Checks place answers (municipio, municipio_ce, freguesia) against the data sets: an unknown code is an invalid
   * answer. Without it (the browser) only the code's shape and its parent question are checked; the server passes one.
   */
  places?: PlaceLookup;
}

export interface FormEvaluation {
  /** Visible options, in form order. */
  visible: number[];
  errors: FormError[];
  outcome: FormOutcome;
  /** The answers that count: visible, non-empty, valid and not auto-unset, normalised. Hidden answers are dropped. */
  answers: Record<string, AnswerValue>;
  /** Options whose given answer was dropped by autounset_option_values. */
  unset: number[];
  price: PriceBreakdown;
}

/** An answer that cannot be read as this option's kind of answer (a text for a file question, or the reverse). */
type Unreadable = { unreadable: DomainMessage };

function isUnreadable(read: AnswerValue | Unreadable | undefined): read is Unreadable {
  return typeof read === 'object' && !Array.isArray(read) && 'unreadable' in read;
}

/** A file reference with only its four fields (nothing else the client sent is kept). */
function fileReference(ref: FileReference): FileReference {
  return {
    file_id: ref.file_id,
    filename: String(ref.filename ?? ''),
    size: Number(ref.size) || 0,
    content_type: String(ref.content_type ?? ''),
  };
}

/**
 * Normalises a raw answer: trims text, drops empties; lists keep unique integer ids; file questions take a file
 * reference (checked with `files` when given).
 */
function normalise(
  option: ProductOption,
  raw: AnswerValue | undefined,
  files: FileResolver | undefined,
): AnswerValue | Unreadable | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (option.type === 'file') {
    if (!isFileReference(raw)) return { unreadable: { key: 'validation.file_invalid' } };
    const known = files ? files(raw.file_id) : raw;
    return known ? fileReference(known) : { unreadable: { key: 'validation.file_invalid' } };
  }
  if (typeof raw === 'object' && !Array.isArray(raw)) return { unreadable: { key: 'validation.unknown_value' } };
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
  // Before the "" rule: an owner_unknown condition carries "" and holds for a blank answer and for "desconocido".
  if (condition.op === 'owner_unknown')
    return answer === undefined || (typeof answer === 'string' && isOwnerUnknown(answer));
  if (condition.value === '') return answer === undefined;
  if (answer === undefined) return false;
  if (condition.op === 'ltdate') {
    return typeof answer === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(answer) && answer < condition.value;
  }
  if (Array.isArray(answer)) return answer.includes(Number(condition.value));
  if (typeof answer === 'object') return false;
  return answer === condition.value;
}

/** The answers known so far and which options are shown: what conditions are checked against. */
interface State {
  effective: ReadonlyMap<number, AnswerValue | undefined>;
  visible: ReadonlySet<number>;
}

/** Whether one condition holds; a condition on a hidden (or not yet evaluated) option never holds. */
function holds(condition: StepCondition, state: State): boolean {
  return state.visible.has(condition.option_id) && matches(condition, state.effective.get(condition.option_id));
}

/** Whether a condition's option is shown and has no (valid) answer yet. */
function unanswered(condition: StepCondition, state: State): boolean {
  return state.visible.has(condition.option_id) && state.effective.get(condition.option_id) === undefined;
}

/**
 * Whether an option is visible: every referenced option must itself be visible, and for each referenced option at
 * least one of its conditions must hold (conditions on one option are alternatives; different options all apply).
 * With `previous_steps_default` the option is shown by default: a referenced option not answered yet counts as
 * holding, so the option hides only once an answer rules it out.
 */
function isVisible(option: ProductOption, state: State): boolean {
  return allHold(option.previous_steps, state, hasDisplayFlag(option, 'previous_steps_default'));
}

/**
 * Whether a list of conditions holds as previous_steps are read: per referenced option at least one of its conditions
 * (alternatives), and every referenced option (all apply). `byDefault`: an unanswered shown option counts as holding.
 */
function allHold(conditions: readonly StepCondition[], state: State, byDefault = false): boolean {
  const byOption = new Map<number, StepCondition[]>();
  for (const c of conditions) byOption.set(c.option_id, [...(byOption.get(c.option_id) ?? []), c]);
  for (const alternatives of byOption.values()) {
    if (!alternatives.some((c) => holds(c, state) || (byDefault && unanswered(c, state)))) return false;
  }
  return true;
}

/**
 * The fee lines these answers charge: a fee line named in related_conditions only when one of its entries holds
 * (each entry read as previous_steps are), every other one always.
 */
function chargedFeeProducts(form: ProductForm, state: State): RelatedProduct[] {
  const entries = form.related_conditions ?? [];
  return (form.related_product ?? []).filter((fee) => {
    const own = entries.filter((e) => e.product_id === fee.product_id);
    return own.length === 0 || own.some((e) => allHold(e.options, state));
  });
}

type Problem = { message: DomainMessage; required: boolean };

function validate(option: ProductOption, answer: AnswerValue | undefined): Problem | null {
  const choice = SINGLE_CHOICE_TYPES.has(option.type) || MULTI_CHOICE_TYPES.has(option.type);
  if (answer === undefined) {
    if (!option.is_require) return null;
    if (option.error) return { message: { key: 'validation.custom', params: { text: option.error } }, required: true };
    // The spec: text and checkbox questions say "escribe el dato"; selections say "selecciona una opción"; documents
    // (not covered by the spec) say "adjunta el documento".
    if (option.type === 'file') return { message: { key: 'validation.required_file' }, required: true };
    // Place pickers are selections too.
    const selection = (choice && option.type !== 'checkbox') || PLACE_TYPES.has(option.type);
    return {
      message: { key: selection ? 'validation.required_selection' : 'validation.required_text' },
      required: true,
    };
  }
  if (choice) {
    if (typeof answer === 'object' && !Array.isArray(answer))
      return { message: { key: 'validation.unknown_value' }, required: false };
    const ids = Array.isArray(answer) ? answer : [Number(answer)];
    const known = new Set(option.opt_values.map((v) => v.id));
    if (ids.some((id) => !known.has(id))) return { message: { key: 'validation.unknown_value' }, required: false };
    return null;
  }
  const max = option.max_length ?? DEFAULT_MAX_LENGTH[option.type] ?? FIELD_MAX_LENGTH;
  if (typeof answer === 'string' && answer.length > max) {
    return { message: { key: 'validation.too_long', params: { max } }, required: false };
  }
  return null;
}

function supplement(option: ProductOption, answer: AnswerValue | undefined): Cents {
  if (answer === undefined) return cents(0);
  const chosen = Array.isArray(answer) ? answer : SINGLE_CHOICE_TYPES.has(option.type) ? [Number(answer)] : [];
  const valuePrices = option.opt_values.filter((v) => chosen.includes(v.id)).map((v) => v.price);
  return sum([option.price, ...valuePrices]);
}

/** The 1-based page of each option in the wizard. */
function pagesOf(form: ProductForm): Map<number, number> {
  const pages = new Map<number, number>();
  form.steps.forEach((step, i) => step.forEach((id) => pages.has(id) || pages.set(id, i + 1)));
  return pages;
}

/** The page from which early checkout applies, or null when its rule does not hold. */
function earlyCheckoutPage(rule: EarlyCheckoutRule, state: State, pages: ReadonlyMap<number, number>): number | null {
  if (rule.options.length === 0) return null;
  const holding = rule.options.filter((c) => holds(c, state));
  const ok = rule.type === 'and' ? holding.length === rule.options.length : holding.length > 0;
  if (!ok) return null;
  return Math.max(...holding.map((c) => pages.get(c.option_id) ?? 0));
}

function outcomeOf(
  form: ProductForm,
  state: State,
  answers: Record<string, AnswerValue>,
  pages: ReadonlyMap<number, number>,
): {
  outcome: FormOutcome;
  earlyPage: number | null;
} {
  const exits = form.conditions_to_exit ?? [];
  const index = exits.findIndex((r) => r.options.length > 0 && r.options.every((c) => holds(c, state)));
  const exit = exits[index];
  if (exit) {
    const rule = { index, options: exit.options.map((c) => ({ ...c })) };
    return { outcome: { type: 'exit', message: exit.message, rule }, earlyPage: null };
  }
  const redirect = (form.conditions_to_redirect ?? []).find(
    (r) => r.product_id_in === form.product_id && holds(r, state),
  );
  if (redirect) {
    return {
      outcome: {
        type: 'redirect',
        product_id: redirect.product_id_out,
        step_saved: redirect.step_saved,
        answers: { ...answers },
      },
      earlyPage: null,
    };
  }
  const early = form.conditions_to_earlycheckout;
  const earlyPage = early ? earlyCheckoutPage(early, state, pages) : null;
  if (early && earlyPage !== null) {
    return { outcome: { type: 'early_checkout', confirmation_options: [...early.confirmationOptions] }, earlyPage };
  }
  return { outcome: { type: 'continue' }, earlyPage: null };
}

/**
 * A chosen bank must be the bank of an account the same form was given (an IBAN or CCC answer names its entity): a
 * mismatch is the bank answer's error, and the answer is dropped like any invalid one. An absorbed bank matches the
 * entity that took it over.
 */
function checkBanksAgainstAccounts(
  form: ProductForm,
  answers: Record<string, AnswerValue>,
  supplements: Map<number, Cents>,
  problems: Array<FormError & { required: boolean }>,
): void {
  const accounts = form.options
    .filter((o) => o.validator === 'iban' || o.validator === 'ccc')
    .map((o) => answers[String(o.option_id)])
    .filter((a): a is string => typeof a === 'string' && accountEntity(a) !== null);
  if (accounts.length === 0) return;
  for (const option of form.options) {
    const code = answers[String(option.option_id)];
    if (option.type !== 'banco' || typeof code !== 'string') continue;
    const other = accounts.find((account) => !bankMatchesAccount(code, account));
    if (other === undefined) continue;
    delete answers[String(option.option_id)];
    supplements.delete(option.option_id);
    problems.push({
      option_id: option.option_id,
      message: { key: 'bank.iban_mismatch', params: { entity: accountEntity(other) ?? '' } },
      required: false,
    });
  }
}

/**
 * Evaluates a product form for a set of answers: which questions are visible, which answers are missing or invalid,
 * what they lead to (exit, redirect, early checkout or continue) and the price (base + supplements, VAT at the store's
 * rate rounded half-up, official fees without VAT, and related fee lines with their own tax rule).
 * The same function runs in the browser and on the server, which recomputes everything the browser shows.
 */
export function evaluateForm(
  form: ProductForm,
  rawAnswers: Answers,
  vatRate: RateBp,
  options: EvaluateOptions = {},
): FormEvaluation {
  const validateAnswer = options.validate ?? validateByName;
  const ordered = [...form.options].sort((a, b) => a.index - b.index || a.option_id - b.option_id);
  const effective = new Map<number, AnswerValue | undefined>();
  const visibleSet = new Set<number>();
  const state: State = { effective, visible: visibleSet };
  const visible: number[] = [];
  const problems: Array<FormError & { required: boolean }> = [];
  const answers: Record<string, AnswerValue> = {};
  const unset: number[] = [];
  const supplements = new Map<number, Cents>();

  for (const option of ordered) {
    effective.set(option.option_id, undefined);
    if (!isVisible(option, state)) continue;
    const read = normalise(option, rawAnswers[String(option.option_id)], options.files);
    visibleSet.add(option.option_id);
    visible.push(option.option_id);
    if ((option.autounset_option_values ?? []).some((c) => holds(c, state))) {
      // Dropped, and not required meanwhile: the rule says this answer must not be given.
      if (read !== undefined) unset.push(option.option_id);
      continue;
    }
    if (isUnreadable(read)) {
      problems.push({ option_id: option.option_id, message: read.unreadable, required: false });
      continue;
    }
    let answer: AnswerValue | undefined = read;
    let problem = validate(option, answer);
    if (!problem && typeof answer === 'string' && option.validator) {
      const checked = validateAnswer(option.validator, answer);
      if (checked.ok) answer = checked.normalised;
      else problem = { message: checked.message, required: false };
    }
    if (!problem && typeof answer === 'string' && PLACE_TYPES.has(option.type)) {
      const parentId = option.place?.parent_option;
      const parentOption = parentId === undefined ? undefined : form.options.find((o) => o.option_id === parentId);
      const parent = parentOption ? { option: parentOption, answer: effective.get(parentOption.option_id) } : null;
      const checked = checkPlaceAnswer(option, answer, parent, options.places);
      if (checked.ok) answer = checked.code;
      else problem = { message: checked.message, required: false };
    }
    if (!problem && typeof answer === 'string' && option.type === 'banco') {
      // The bank picker's answer is a Banco de España entity code (4 digits) of the list.
      const code = withoutSpaces(answer);
      if (spanishBank(code)) answer = code;
      else problem = { message: { key: 'bank.unknown_entity' }, required: false };
    }
    if (problem) {
      problems.push({ option_id: option.option_id, ...problem });
      continue;
    }
    effective.set(option.option_id, answer);
    if (answer !== undefined) {
      answers[String(option.option_id)] = answer;
      supplements.set(option.option_id, supplement(option, answer));
    }
  }

  checkBanksAgainstAccounts(form, answers, supplements, problems);

  const pages = pagesOf(form);
  const { outcome, earlyPage } = outcomeOf(form, state, answers, pages);
  const confirmation = new Set(outcome.type === 'early_checkout' ? outcome.confirmation_options : []);
  // Early checkout: questions on later pages are no longer required, except those asked on the confirmation page.
  const waived = (p: { option_id: number; required: boolean }) =>
    earlyPage !== null &&
    p.required &&
    !confirmation.has(p.option_id) &&
    (pages.get(p.option_id) ?? Infinity) > earlyPage;
  const errors = problems.filter((p) => !waived(p)).map(({ option_id, message }) => ({ option_id, message }));

  const optionsTotal = sum([...supplements.values()]);
  const subtotal = cents(form.base_price + optionsTotal);
  const tax = applyRate(subtotal, vatRate);
  const related = feeLines(chargedFeeProducts(form, state), vatRate);
  return {
    visible,
    errors,
    outcome,
    answers,
    unset,
    price: {
      base: form.base_price,
      options: optionsTotal,
      subtotal,
      tax,
      fees: form.official_fee,
      related,
      total: cents(subtotal + tax + form.official_fee + sum(related.map((r) => r.total))),
    },
  };
}
