/**
 * The wizard's page layout (docs/catalogue-forms.md): which questions each page asks, in which order the pages come,
 * where a redirect resumes and an exit sends back to, and which answers a redirect carries. Shapes are structural so
 * that the product as the API shows it (the browser) and the engine's ProductForm both fit.
 */

import { hasDisplayFlag, isEmbedded, type FlaggedOption } from './display-flags.js';

/** What the layout needs of a question (its display flags place it: `append_to_end`, `embedded_*`). */
export interface LayoutOption extends FlaggedOption {
  option_id: number;
  /** Form order. */
  index: number;
}

/** What the layout needs of a product. */
export interface FormLayout<O extends LayoutOption = LayoutOption> {
  options: readonly O[];
  /** Wizard pages: each entry lists the option ids shown together (empty: one page per option, in form order). */
  steps: ReadonlyArray<readonly number[]>;
  /** The option asked before the first page. */
  question_on_start?: number | null;
  /** Option ids asked on the check-answers page. */
  questions_on_confirm?: readonly number[] | null;
}

/** The option asked before the first page, when the product has one that exists. */
export function startQuestion(layout: FormLayout): number | null {
  const id = layout.question_on_start;
  return typeof id === 'number' && layout.options.some((o) => o.option_id === id) ? id : null;
}

/** Options always asked on the check-answers page (`questions_on_confirm`), never on a page of their own. */
export function confirmQuestions(layout: FormLayout): number[] {
  const known = new Set(layout.options.map((o) => o.option_id));
  const start = startQuestion(layout);
  return (layout.questions_on_confirm ?? []).filter((id) => known.has(id) && id !== start);
}

/** Pages before the product's first step: 1 when there is a question on start (it gets its own page), else 0. */
export function stepOffset(layout: FormLayout): number {
  return startQuestion(layout) === null ? 0 : 1;
}

/** One page per question in form order, except that an embedded question shares the page of the one before it. */
function pagesInFormOrder(options: readonly LayoutOption[]): number[][] {
  const pages: number[][] = [];
  for (const option of [...options].sort((a, b) => a.index - b.index)) {
    const last = pages.at(-1);
    if (last && isEmbedded(option)) last.push(option.option_id);
    else pages.push([option.option_id]);
  }
  return pages;
}

/**
 * The wizard's pages: the question on start first (if any), then the product's `steps` (without the start and the
 * confirm-page questions; a page left empty is skipped like a page whose questions are hidden). Without `steps`, every
 * option gets its own page in form order (an embedded one shares the page before it). Questions flagged
 * `append_to_end` leave their page and are asked together on a last page of their own, in form order.
 */
export function wizardPages(layout: FormLayout): number[][] {
  const start = startQuestion(layout);
  const atEnd = [...layout.options]
    .filter((o) => hasDisplayFlag(o, 'append_to_end') && o.option_id !== start)
    .sort((a, b) => a.index - b.index)
    .map((o) => o.option_id);
  const elsewhere = new Set([...confirmQuestions(layout), ...(start === null ? [] : [start])]);
  const steps = layout.steps.length > 0 ? layout.steps.map((page) => [...page]) : pagesInFormOrder(layout.options);
  const moved = new Set([...elsewhere, ...atEnd]);
  const pages = moved.size ? steps.map((page) => page.filter((id) => !moved.has(id))) : steps;
  const last = atEnd.filter((id) => !elsewhere.has(id));
  if (last.length > 0) pages.push(last);
  return start === null ? pages : [[start], ...pages];
}

/** The wizard page (0-based) of a redirect target's `step_saved` (1-based page of its `steps`). */
export function pageOfStepSaved(layout: FormLayout, stepSaved: number | undefined): number {
  const pages = wizardPages(layout).length;
  const index = Math.max(0, (stepSaved ?? 1) - 1) + stepOffset(layout);
  return Math.min(index, Math.max(0, pages - 1));
}

/** The part of an outcome the layout reads: early checkout's confirmation options. */
export interface LayoutOutcome {
  type: string;
  confirmation_options?: readonly number[];
}

/**
 * Options asked on the check-answers page rather than on a wizard page: `questions_on_confirm`, plus, under early
 * checkout, its confirmation options.
 */
export function confirmPageOptions(layout: FormLayout, outcome: LayoutOutcome | undefined): number[] {
  const early = outcome?.type === 'early_checkout' ? (outcome.confirmation_options ?? []) : [];
  const known = new Set(layout.options.map((o) => o.option_id));
  return [...new Set([...confirmQuestions(layout), ...early.filter((id) => known.has(id))])];
}

/** The visible options that wizard pages ask: the visible ones minus those kept for the check-answers page. */
export function askedOnPages(visible: Iterable<number>, confirmPage: Iterable<number>): Set<number> {
  const skip = new Set(confirmPage);
  return new Set([...visible].filter((id) => !skip.has(id)));
}

/** The options of page `index` that are currently visible, in the page's order. */
export function visibleOptionsOn<O extends LayoutOption>(
  layout: FormLayout<O>,
  index: number,
  visible: ReadonlySet<number>,
): O[] {
  const byId = new Map(layout.options.map((o) => [o.option_id, o]));
  return (wizardPages(layout)[index] ?? [])
    .filter((id) => visible.has(id))
    .map((id) => byId.get(id))
    .filter((o): o is O => o !== undefined);
}

function pageHasVisible(page: number[] | undefined, visible: ReadonlySet<number>): boolean {
  return !!page && page.some((id) => visible.has(id));
}

/**
 * The next page after `from` that has something to ask; null when the questions are over (go to the check-answers
 * page). With `unseen`, only pages holding a visible option the user has not been asked yet count: after a change
 * from the check-answers page, only the questions the change made relevant are asked.
 */
export function nextPageIndex(
  layout: FormLayout,
  from: number,
  visible: ReadonlySet<number>,
  unseen?: ReadonlySet<number>,
): number | null {
  const pages = wizardPages(layout);
  for (let j = from + 1; j < pages.length; j++) {
    const page = pages[j]!;
    if (unseen ? page.some((id) => visible.has(id) && unseen.has(id)) : pageHasVisible(page, visible)) return j;
  }
  return null;
}

/** The previous page that has something to ask; null on the first one. */
export function previousPageIndex(layout: FormLayout, from: number, visible: ReadonlySet<number>): number | null {
  const pages = wizardPages(layout);
  for (let j = Math.min(from, pages.length) - 1; j >= 0; j--) {
    if (pageHasVisible(pages[j], visible)) return j;
  }
  return null;
}

/** The last page with a visible option (the check-answers page's Back link). */
export function lastPageIndex(layout: FormLayout, visible: ReadonlySet<number>): number | null {
  return previousPageIndex(layout, wizardPages(layout).length, visible);
}

/** The page holding an option. */
export function pageOfOption(layout: FormLayout, optionId: number): number | null {
  const index = wizardPages(layout).findIndex((page) => page.includes(optionId));
  return index === -1 ? null : index;
}

/** The first page holding one of these options (errors, an exit rule's conditions), in page order. */
export function firstPageOf(layout: FormLayout, items: ReadonlyArray<{ option_id: number }>): number | null {
  const pages = items.map((e) => pageOfOption(layout, e.option_id)).filter((p): p is number => p !== null);
  return pages.length ? Math.min(...pages) : null;
}

/**
 * The page to go back to from an exit: the page of the earliest option of the rule that fired (the answer to change);
 * null without a rule or when none of its options is on a page.
 */
export function exitAnswerPage(
  layout: FormLayout,
  rule: { options: ReadonlyArray<{ option_id: number }> } | undefined,
): number | null {
  return rule ? firstPageOf(layout, rule.options) : null;
}

/** Whether an answer was given: not missing, not blank, not an empty list. */
function isAnswered(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
}

/**
 * After a change made from the check-answers page: the visible questions still to ask. Those never asked, and
 * required ones left without an answer (a question hidden and shown again lost its answer).
 */
export function questionsToAsk<O extends LayoutOption & { is_require: boolean | number }>(
  layout: FormLayout<O>,
  visible: Iterable<number>,
  seen: Iterable<number>,
  answers: Readonly<Record<string, unknown>>,
): Set<number> {
  const asked = new Set(seen);
  const byId = new Map(layout.options.map((o) => [o.option_id, o]));
  return new Set(
    [...visible].filter((id) => {
      if (!asked.has(id)) return true;
      const option = byId.get(id);
      const required = option !== undefined && (option.is_require === true || Number(option.is_require) === 1);
      return required && !isAnswered(answers[String(id)]);
    }),
  );
}

/** What answer carrying needs of the target's questions. */
export interface CarryTarget {
  options: ReadonlyArray<{ option_id: number; opt_values: ReadonlyArray<{ id: number }> }>;
}

/**
 * The answers a redirect carries to its target: only those whose option exists in the target (and, for choices,
 * whose chosen value ids all exist there too); empty answers are left behind. Values are kept as they are.
 */
export function carryAnswers<V>(answers: Readonly<Record<string, V>>, target: CarryTarget): Record<string, V> {
  const byId = new Map(target.options.map((o) => [String(o.option_id), o]));
  const carried: Record<string, V> = {};
  for (const [id, value] of Object.entries(answers)) {
    const option = byId.get(id);
    if (!option || !isAnswered(value)) continue;
    if (option.opt_values.length > 0) {
      const known = new Set(option.opt_values.map((v) => String(v.id)));
      const chosen = Array.isArray(value) ? value.map(String) : String(value).split(',');
      if (!chosen.every((v) => known.has(v))) continue;
    }
    carried[id] = value;
  }
  return carried;
}

/** What reevaluation needs of a question: the conditions that read other answers. */
export interface TriggerOption extends LayoutOption {
  previous_steps: ReadonlyArray<{ option_id: number }>;
  autounset_option_values?: ReadonlyArray<{ option_id: number }> | null;
}

/**
 * Options whose change can move the price, show or hide another question, or allow early checkout: a new evaluation
 * is due when one of them changes. `priced` says whether an option or one of its values carries a supplement.
 */
export function reevaluationTriggers<O extends TriggerOption>(
  layout: FormLayout<O> & { conditions_to_earlycheckout?: { options: ReadonlyArray<{ option_id: number }> } | null },
  priced: (option: O) => boolean,
): Set<number> {
  const triggers = new Set<number>();
  for (const option of layout.options) {
    if (priced(option)) triggers.add(option.option_id);
    for (const condition of option.previous_steps) triggers.add(condition.option_id);
    for (const condition of option.autounset_option_values ?? []) triggers.add(condition.option_id);
  }
  for (const condition of layout.conditions_to_earlycheckout?.options ?? []) triggers.add(condition.option_id);
  return triggers;
}
