import {
  answerLabel as labelOf,
  carryAnswers as carryTo,
  errorWithQuestion,
  exitAnswerPage as exitRulePage,
  firstPageOf,
  reevaluationTriggers as triggersOf,
} from '@ventanilla/domain';
import type {
  ApiAnswers,
  EvaluationOutcome,
  OptionError,
  Product,
  ProductOption,
} from '../../../shared/lib/api-contract';
import { isPositive } from '../../../shared/lib/money';
import { decodeFileAnswer, encodeFileAnswer, isFileReferenceValue } from './file-answer';

// The page layout is the domain's (packages/domain/src/forms/wizard-layout.ts); the wizard calls it with the product
// as the API shows it. `pagesOf` is its name here for the domain's `wizardPages`.
export {
  askedOnPages,
  confirmPageOptions,
  lastPageIndex,
  nextPageIndex,
  pageOfOption,
  pageOfStepSaved,
  previousPageIndex,
  questionsToAsk,
  visibleOptionsOn,
  wizardPages as pagesOf,
} from '@ventanilla/domain';

/** Answers as the wizard keeps them: option id -> text or value id (as text). Empty answers are not kept. */
export type Answers = Record<string, string>;

/** Whether a question is answered by choosing among its values (the domain's rule). */
export { isChoiceOption as isChoice } from '@ventanilla/domain';

export function isRequired(option: ProductOption): boolean {
  return option.is_require === 1;
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
  return triggersOf(product, (o) => isPositive(o.price) || o.opt_values.some((v) => isPositive(v.price)));
}

/**
 * The answers carried to a redirect's target (the domain's rule), as the wizard keeps them: lists become
 * comma-separated value ids, documents the reference's JSON.
 */
export function carryAnswers(answers: ApiAnswers | Answers, target: Product): Answers {
  return Object.fromEntries(
    Object.entries(carryTo(answers, target)).map(([id, raw]) => [
      id,
      Array.isArray(raw) ? raw.join(',') : isFileReferenceValue(raw) ? encodeFileAnswer(raw) : String(raw),
    ]),
  );
}

/** The page to go back to from an exit: the earliest page of the rule the server says fired; null without one. */
export function exitAnswerPage(product: Product, outcome: Pick<EvaluationOutcome, 'rule'> | undefined): number | null {
  return exitRulePage(product, outcome?.rule);
}

/** The first page with one of these errors, in page order. */
export function firstPageWithError(product: Product, errors: OptionError[]): number | null {
  return firstPageOf(product, errors);
}

/** What the customer chose, in words (the domain's answerLabel), from an answer as the wizard keeps it. */
export function answerLabel(option: ProductOption, value: string | undefined): string {
  return labelOf(option, decodeFileAnswer(value) ?? value);
}

/** Parses "step3" -> 3; anything else -> null. */
export function parseStep(param: string | undefined): number | null {
  const match = /^step(\d{1,2})$/.exec(param ?? '');
  if (!match) return null;
  const n = Number(match[1]);
  return n >= 1 ? n : null;
}

/**
 * An error as the error summary lists it: the question it is about named first ("Municipio: Elige un municipio de la
 * lista"), so that two "Por favor, escribe el dato" on one page, or an error on another page, say which answer to fix.
 */
export function errorSummaryText(product: Pick<Product, 'options'>, error: OptionError): string {
  return errorWithQuestion(product.options.find((o) => o.option_id === error.option_id)?.title, error.message);
}
