import type { ApiAnswers, EvaluationOutcome, OptionError, Product, ProductOption } from '../../../shared/lib/api-types';
import { isPositive } from '../../../shared/lib/money';
import { decodeFileAnswer, encodeFileAnswer, isFileReferenceValue } from './file-answer';

/** Answers as the wizard keeps them: option id -> text or value id (as text). Empty answers are not kept. */
export type Answers = Record<string, string>;

const CHOICE_TYPES = new Set(['drop_down', 'radio', 'radio_button']);

export function isChoice(option: ProductOption): boolean {
  return CHOICE_TYPES.has(option.type);
}

export function isRequired(option: ProductOption): boolean {
  return option.is_require === true || Number(option.is_require) === 1;
}

/** The option asked before the first page, when the product has one that exists. */
export function startQuestion(product: Product): number | null {
  const id = product.question_on_start;
  return typeof id === 'number' && product.options.some((o) => o.option_id === id) ? id : null;
}

/** Options always asked on the check-answers page (`questions_on_confirm`), never on a page of their own. */
export function confirmQuestions(product: Product): number[] {
  const known = new Set(product.options.map((o) => o.option_id));
  return (product.questions_on_confirm ?? []).filter((id) => known.has(id) && id !== startQuestion(product));
}

/** Pages before the product's first step: 1 when there is a question on start (it gets its own page), else 0. */
export function stepOffset(product: Product): number {
  return startQuestion(product) === null ? 0 : 1;
}

/**
 * The wizard's pages: the question on start first (if any), then the product's `steps` (without the start and the
 * confirm-page questions; a page left empty is skipped like a page whose questions are hidden). Without `steps`, every
 * option gets its own page in form order.
 */
export function pagesOf(product: Product): number[][] {
  const start = startQuestion(product);
  const elsewhere = new Set([...confirmQuestions(product), ...(start === null ? [] : [start])]);
  const steps =
    product.steps.length > 0 ? product.steps : [...product.options].sort((a, b) => a.index - b.index).map((o) => [o.option_id]);
  const pages = elsewhere.size ? steps.map((page) => page.filter((id) => !elsewhere.has(id))) : steps;
  return start === null ? pages : [[start], ...pages];
}

/** The wizard page (0-based) of the target product's `step_saved` (1-based page of its `steps`). */
export function pageOfStepSaved(product: Product, stepSaved: number | undefined): number {
  const pages = pagesOf(product).length;
  const index = Math.max(0, (stepSaved ?? 1) - 1) + stepOffset(product);
  return Math.min(index, Math.max(0, pages - 1));
}

/**
 * Options asked on the check-answers page rather than on a wizard page: `questions_on_confirm`, plus, under early
 * checkout, its confirmation options.
 */
export function confirmPageOptions(product: Product, outcome: EvaluationOutcome | undefined): number[] {
  const early = outcome?.type === 'early_checkout' ? (outcome.confirmation_options ?? []) : [];
  const known = new Set(product.options.map((o) => o.option_id));
  return [...new Set([...confirmQuestions(product), ...early.filter((id) => known.has(id))])];
}

/** The visible options that wizard pages ask: the visible ones minus those kept for the check-answers page. */
export function askedOnPages(visible: Iterable<number>, confirmPage: Iterable<number>): Set<number> {
  const skip = new Set(confirmPage);
  return new Set([...visible].filter((id) => !skip.has(id)));
}

/** The options of page `index` that are currently visible, in the page's order. */
export function visibleOptionsOn(product: Product, index: number, visible: ReadonlySet<number>): ProductOption[] {
  const byId = new Map(product.options.map((o) => [o.option_id, o]));
  return (pagesOf(product)[index] ?? [])
    .filter((id) => visible.has(id))
    .map((id) => byId.get(id))
    .filter((o): o is ProductOption => o !== undefined);
}

function pageHasVisible(page: number[] | undefined, visible: ReadonlySet<number>): boolean {
  return !!page && page.some((id) => visible.has(id));
}

/**
 * The next page after `from` that has something to ask; null when the questions are over (go to the check-answers
 * page). With `unseen`, only pages holding a visible option the user has not been asked yet count: after a change
 * from the check-answers page, only the questions the change made relevant are asked.
 */
export function nextPageIndex(product: Product, from: number, visible: ReadonlySet<number>, unseen?: ReadonlySet<number>): number | null {
  const pages = pagesOf(product);
  for (let j = from + 1; j < pages.length; j++) {
    const page = pages[j]!;
    if (unseen ? page.some((id) => visible.has(id) && unseen.has(id)) : pageHasVisible(page, visible)) return j;
  }
  return null;
}

/** The previous page that has something to ask; null on the first one. */
export function previousPageIndex(product: Product, from: number, visible: ReadonlySet<number>): number | null {
  const pages = pagesOf(product);
  for (let j = Math.min(from, pages.length) - 1; j >= 0; j--) {
    if (pageHasVisible(pages[j], visible)) return j;
  }
  return null;
}

/** The last page with a visible option (the check-answers page's Back link). */
export function lastPageIndex(product: Product, visible: ReadonlySet<number>): number | null {
  return previousPageIndex(product, pagesOf(product).length, visible);
}

/** The page holding an option. */
export function pageOfOption(product: Product, optionId: number): number | null {
  const index = pagesOf(product).findIndex((page) => page.includes(optionId));
  return index === -1 ? null : index;
}

/** The first page with one of these errors, in page order. */
export function firstPageWithError(product: Product, errors: OptionError[]): number | null {
  const pages = errors.map((e) => pageOfOption(product, e.option_id)).filter((p): p is number => p !== null);
  return pages.length ? Math.min(...pages) : null;
}

/** Drops empty answers (and trims nothing: the server normalises). */
export function withoutEmpty(answers: Answers): Answers {
  return Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== ''));
}

/** Keeps only the answers of visible options: hidden answers never reach the cart or the order. */
export function onlyVisible(answers: Answers, visible: ReadonlySet<number>): Answers {
  return Object.fromEntries(Object.entries(answers).filter(([id, v]) => v !== '' && visible.has(Number(id))));
}

/**
 * The request body's answers. Value ids go as text: the server accepts both and compares text. A file question's
 * answer (kept as the reference's JSON) goes as the file reference object.
 */
export function toApiAnswers(answers: Answers): ApiAnswers {
  return Object.fromEntries(Object.entries(withoutEmpty(answers)).map(([id, v]) => [id, decodeFileAnswer(v) ?? v]));
}

/**
 * Options whose change can move the price, show or hide another question, or allow early checkout: they trigger a
 * new evaluation.
 */
export function reevaluationTriggers(product: Product): Set<number> {
  const triggers = new Set<number>();
  for (const option of product.options) {
    if (isPositive(option.price) || option.opt_values.some((v) => isPositive(v.price))) triggers.add(option.option_id);
    for (const condition of option.previous_steps) triggers.add(condition.option_id);
    for (const condition of option.autounset_option_values ?? []) triggers.add(condition.option_id);
  }
  for (const condition of product.conditions_to_earlycheckout?.options ?? []) triggers.add(condition.option_id);
  return triggers;
}

/**
 * The answers carried to a redirect's target: only those whose option exists in the target (and whose chosen values
 * exist there too, for choices). Lists become comma-separated value ids, as the wizard keeps them.
 */
export function carryAnswers(answers: ApiAnswers | Answers, target: Product): Answers {
  const byId = new Map(target.options.map((o) => [String(o.option_id), o]));
  const carried: Answers = {};
  for (const [id, raw] of Object.entries(answers)) {
    const option = byId.get(id);
    if (!option) continue;
    const value = Array.isArray(raw) ? raw.join(',') : isFileReferenceValue(raw) ? encodeFileAnswer(raw) : String(raw);
    if (value === '') continue;
    if (option.opt_values.length > 0) {
      const known = new Set(option.opt_values.map((v) => String(v.id)));
      if (!value.split(',').every((v) => known.has(v))) continue;
    }
    carried[id] = value;
  }
  return carried;
}

/**
 * The page to go back to from an exit: the page of the earliest option of the exit rule whose message the server
 * sent (the answer to change); null when no rule matches.
 */
export function exitAnswerPage(product: Product, message: string | undefined): number | null {
  const rules = product.conditions_to_exit || [];
  const rule = rules.find((r) => r.message === message) ?? (rules.length === 1 ? rules[0] : undefined);
  if (!rule) return null;
  const pages = rule.options.map((c) => pageOfOption(product, c.option_id)).filter((p): p is number => p !== null);
  return pages.length ? Math.min(...pages) : null;
}

/**
 * After a change made from the check-answers page: the visible questions still to ask. Those never asked, and
 * required ones left without an answer (a question hidden and shown again lost its answer).
 */
export function questionsToAsk(product: Product, visible: Iterable<number>, seen: Iterable<number>, answers: Answers): Set<number> {
  const asked = new Set(seen);
  const byId = new Map(product.options.map((o) => [o.option_id, o]));
  return new Set(
    [...visible].filter((id) => {
      if (!asked.has(id)) return true;
      const option = byId.get(id);
      return !!option && isRequired(option) && (answers[String(id)] ?? '') === '';
    }),
  );
}

/** What the customer chose, in words: value names for choices, the text otherwise. */
export function answerLabel(option: ProductOption, value: string | undefined): string {
  if (value === undefined || value === '') return '';
  // A document: its name.
  const file = decodeFileAnswer(value);
  if (file) return file.filename;
  if (isChoice(option) || option.opt_values.length > 0) {
    // Single choices, checkboxes and multiple choices: value ids (comma-separated for lists) become their names.
    const ids = value.split(',');
    const names = option.opt_values.filter((v) => ids.includes(String(v.id))).map((v) => v.name);
    return names.length ? names.join(', ') : value;
  }
  return value;
}

/** Parses "step3" -> 3; anything else -> null. */
export function parseStep(param: string | undefined): number | null {
  const match = /^step(\d{1,2})$/.exec(param ?? '');
  if (!match) return null;
  const n = Number(match[1]);
  return n >= 1 ? n : null;
}
