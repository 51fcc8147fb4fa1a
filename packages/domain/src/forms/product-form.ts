import type { Cents } from '../money/money.js';

/** The question types of the spec. */
export const OPTION_TYPES = [
  'field', 'area', 'radio', 'radio_button', 'drop_down', 'checkbox', 'multiple', 'date', 'file',
  'municipio', 'municipio_ce', 'freguesia', 'banco', 'sociedad',
] as const;
export type OptionType = (typeof OPTION_TYPES)[number];

/** Types whose answer is one value id chosen from opt_values. */
export const SINGLE_CHOICE_TYPES: ReadonlySet<OptionType> = new Set(['radio', 'radio_button', 'drop_down']);
/** Types whose answer is a list of value ids. */
export const MULTI_CHOICE_TYPES: ReadonlySet<OptionType> = new Set(['checkbox', 'multiple']);

/** One answer choice of a question. */
export interface OptionValue {
  id: number;
  name: string;
  price: Cents;
}

/** A visibility condition (previous_steps entry): the option is shown when option_id has value. */
export interface StepCondition {
  option_id: number;
  /** A value id for choices, a text for fields, a date (yyyy-mm-dd) for ltdate; "" means "when that option is empty". */
  value: string;
  op?: 'eq' | 'ltdate';
}

/** A question of a product form. */
export interface ProductOption {
  option_id: number;
  type: OptionType;
  is_require: boolean;
  title: string;
  placeholder?: string | null;
  error?: string | null;
  price: Cents;
  index: number;
  previous_steps: StepCondition[];
  opt_values: OptionValue[];
  max_length?: number;
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
}

/** An answer: free text (or a value id as text) for single-valued questions, a list of value ids for multi-choice. */
export type AnswerValue = string | number[];
export type Answers = Readonly<Record<string, AnswerValue | undefined>>;
