import type { ApiAnswers, OptionError, Product, ProductOption } from '../../../shared/lib/api-types';
import { isPositive } from '../../../shared/lib/money';

/** Answers as the wizard keeps them: option id -> text or value id (as text). Empty answers are not kept. */
export type Answers = Record<string, string>;

const CHOICE_TYPES = new Set(['drop_down', 'radio', 'radio_button']);

export function isChoice(option: ProductOption): boolean {
  return CHOICE_TYPES.has(option.type);
}

export function isRequired(option: ProductOption): boolean {
  return option.is_require === true || Number(option.is_require) === 1;
}

/** The product's pages; without `steps`, every option gets its own page in form order. */
export function pagesOf(product: Product): number[][] {
  if (product.steps.length > 0) return product.steps;
  return [...product.options].sort((a, b) => a.index - b.index).map((o) => [o.option_id]);
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

/** The request body's answers. Value ids go as text: the server accepts both and compares text. */
export function toApiAnswers(answers: Answers): ApiAnswers {
  return withoutEmpty(answers);
}

/** Options whose change can move the price or show or hide another question: they trigger a new evaluation. */
export function reevaluationTriggers(product: Product): Set<number> {
  const triggers = new Set<number>();
  for (const option of product.options) {
    if (isPositive(option.price) || option.opt_values.some((v) => isPositive(v.price))) triggers.add(option.option_id);
    for (const condition of option.previous_steps) triggers.add(condition.option_id);
  }
  return triggers;
}

/** What the customer chose, in words: value names for choices, the text otherwise. */
export function answerLabel(option: ProductOption, value: string | undefined): string {
  if (value === undefined || value === '') return '';
  if (isChoice(option)) {
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
