import type { Cents } from '../money/money.js';

/** The question types of the spec. */
export const OPTION_TYPES = [
  'field',
  'area',
  'radio',
  'radio_button',
  'drop_down',
  'checkbox',
  'multiple',
  'date',
  'file',
  'municipio',
  'municipio_ce',
  'freguesia',
  'banco',
  'sociedad',
] as const;
export type OptionType = (typeof OPTION_TYPES)[number];

/** Types whose answer is one value id chosen from opt_values. */
export const SINGLE_CHOICE_TYPES: ReadonlySet<OptionType> = new Set(['radio', 'radio_button', 'drop_down']);
/** Types whose answer is a list of value ids. */
export const MULTI_CHOICE_TYPES: ReadonlySet<OptionType> = new Set(['checkbox', 'multiple']);

/**
 * Whether a question is answered by choosing among its values (one or several), so its answer is value ids that
 * people read as the values' names. A question of another type that carries values counts too.
 */
export function isChoiceOption(option: { type: string; opt_values: readonly unknown[] }): boolean {
  const type = option.type as OptionType;
  return SINGLE_CHOICE_TYPES.has(type) || MULTI_CHOICE_TYPES.has(type) || option.opt_values.length > 0;
}

/** The answer validators an option may name (docs/catalogue-format.md). */
export const VALIDATOR_NAMES = [
  'dni',
  'nie',
  'nif',
  'cif',
  'nif_es',
  'nif_pt',
  'refcat',
  'ccc',
  'iban',
  'phone_es',
  'phone_pt',
  'email',
  'plate_es',
  'idufir',
  'descricao_predial',
] as const;
export type ValidatorName = (typeof VALIDATOR_NAMES)[number];

/**
 * The display flags of the spec (docs/shop-flows.md, "Display flags"): read by display-flags.ts and the page layout;
 * the engine acts on `previous_steps_default` only.
 */
export const DISPLAY_FLAGS = [
  'hide_price',
  'full_price',
  'embedded_to_previous',
  'embedded_hidden',
  'previous_steps_default',
  'can_be_empty',
  'append_to_end',
] as const;
export type DisplayFlag = (typeof DISPLAY_FLAGS)[number];

/** One answer choice of a question. */
export interface OptionValue {
  id: number;
  name: string;
  price: Cents;
  /** The official code of the place this value names (province and district lists: INE / DTMN code). */
  code?: string;
}

/**
 * Place questions (docs/geo-data.md): municipio, municipio_ce and freguesia hold a place code; a drop-down whose values
 * carry codes is a province (or district) list. `parent_option` names the question that narrows this one.
 */
export interface PlaceConfig {
  /** ES (default): INE provinces and municipalities; PT: districts and concelhos (freguesias are always PT). */
  country?: 'ES' | 'PT';
  /** An earlier question (province, district or concelho) the answer must lie in. */
  parent_option?: number;
}

/**
 * A condition on another option's answer (previous_steps, autounset_option_values and the flow rules): it holds when
 * option_id has value. `op` `eq` (default) compares the value id or text; `ltdate` holds for a date answer before
 * value (yyyy-mm-dd); `owner_unknown` holds when the answer is an unknown owner's name (blank or containing "onocido",
 * `isOwnerUnknown`; value is ignored, "" by convention); the value "" means "when that option is empty". A condition
 * on a hidden option never holds.
 */
/** How a condition compares (see StepCondition). */
export const CONDITION_OPS = ['eq', 'ltdate', 'owner_unknown'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];

export interface StepCondition {
  option_id: number;
  /** A value id for choices, a text for fields, a date (yyyy-mm-dd) for ltdate; "" means "when that option is empty". */
  value: string;
  op?: ConditionOp;
}

/** A question of a product form. */
export interface ProductOption {
  option_id: number;
  type: OptionType;
  is_require: boolean;
  title: string;
  placeholder?: string | null;
  /** Replaces the generic "required" message when set. */
  error?: string | null;
  price: Cents;
  index: number;
  previous_steps: StepCondition[];
  opt_values: OptionValue[];
  max_length?: number;
  /** When any of these holds, this option's answer is dropped (not priced, validated nor stored). */
  autounset_option_values?: StepCondition[];
  /** The validator the answer must pass (and that may normalise it). */
  validator?: ValidatorName;
  /** Display flags of the spec that are set on this option. */
  display?: Partial<Record<DisplayFlag, boolean>>;
  /** Place questions and province/district lists (see PlaceConfig). */
  place?: PlaceConfig;
  /** A `file` question asking for the customer's identity document (DNI, NIE, passport): hasDniUploaded counts it. */
  document?: 'identity';
}

/** Whether a question's answer is an identity document (a `file` question marked `document: "identity"`). */
export function isIdentityDocumentQuestion(option: { type: string; document?: string | null }): boolean {
  return option.type === 'file' && option.document === 'identity';
}

/** conditions_to_redirect entry: in product_id_in, when option_id has value, move to product_id_out at step_saved. */
export interface RedirectRule {
  option_id: number;
  value: string;
  op?: ConditionOp;
  product_id_in: number;
  product_id_out: number;
  /** 1-based page of the target product where the wizard resumes. */
  step_saved: number;
}

/** conditions_to_exit entry: stop with message when every condition holds. */
export interface ExitRule {
  message: string;
  options: StepCondition[];
}

/** conditions_to_earlycheckout: checking out before the last page is allowed when any ("or") / all ("and") hold. */
export interface EarlyCheckoutRule {
  type: 'or' | 'and';
  options: StepCondition[];
  /** Option ids still asked on the confirmation page. */
  confirmationOptions: number[];
}

/** A fee product added to the cart with the main line, priced with its own tax rule. */
export interface RelatedProduct {
  product_id: number;
  name: string;
  /** Before VAT when `vat`, the whole amount otherwise. */
  price: Cents;
  /** false: no VAT on this fee (official fees collected for third parties). */
  vat: boolean;
}

/**
 * related_conditions entry (docs/shop-flows.md, "Fee lines and their conditions"): the fee line of `product_id` (one
 * of related_product) is charged only when these conditions hold, read as previous_steps are (conditions on one
 * option are alternatives, different options all apply). Several entries for one fee line are alternatives. A fee
 * line without an entry is always charged.
 */
export interface RelatedCondition {
  product_id: number;
  options: StepCondition[];
}

/** What the engine needs to know of a product. */
export interface ProductForm {
  product_id: number;
  base_price: Cents;
  /** Official fees collected for third parties: no VAT. */
  official_fee: Cents;
  options: ProductOption[];
  /** Wizard pages: each entry lists the option ids shown together. */
  steps: number[][];
  conditions_to_redirect?: RedirectRule[];
  conditions_to_exit?: ExitRule[];
  conditions_to_earlycheckout?: EarlyCheckoutRule | null;
  /** Option ids asked on the check-answers page. */
  questions_on_confirm?: number[];
  /** The option asked before the first page. */
  question_on_start?: number | null;
  related_product?: RelatedProduct[];
  /** When conditional fee lines are charged (see RelatedCondition). */
  related_conditions?: RelatedCondition[];
}

/**
 * The answer to a `file` question: a document uploaded during the wizard (POST /api/uploads). The id is opaque; the
 * server checks that it exists and belongs to the caller and replaces name, size and type by what it stored.
 */
export interface FileReference {
  file_id: string;
  filename: string;
  size: number;
  content_type: string;
}

/** Whether a raw answer has the shape of a file reference (a non-empty string file_id). */
export function isFileReference(value: unknown): value is FileReference {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const id = (value as { file_id?: unknown }).file_id;
  return typeof id === 'string' && id.length > 0 && id.length <= 100;
}

/**
 * An answer: free text (or a value id as text) for single-valued questions, a list of value ids for multi-choice, a
 * file reference for `file` questions.
 */
export type AnswerValue = string | number[] | FileReference;
export type Answers = Readonly<Record<string, AnswerValue | undefined>>;
