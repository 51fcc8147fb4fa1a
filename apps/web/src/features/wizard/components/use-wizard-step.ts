import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Evaluation, OptionError, Product } from '../../../shared/lib/api-contract';
import { useHydrated } from '../../../shared/lib/use-hydrated';
import { evaluateKey, useEvaluateMutation, useEvaluation } from '../api/evaluate-product';
import { useDraftSync } from '../api/server-drafts';
import { clearDraft, EMPTY_DRAFT, readDraft, updateDraft, writeDraft, type Draft } from '../lib/draft-storage';
import {
  askedOnPages,
  confirmPageOptions,
  nextPageIndex,
  onlyVisible,
  pagesOf,
  questionsToAsk,
  reevaluationTriggers,
  visibleOptionsOn,
  withoutEmpty,
  type Answers,
} from '../lib/wizard-pages';
import { RETURN_TO_CONFIRMATION, type WizardPaths } from '../lib/wizard-paths';
import { EXIT_PARAM, focusHeading, useFollowRedirect, type WizardLocationState } from './flow-outcome';

const TEXT_REEVALUATE_DELAY_MS = 600;
export const REVIEW_INTENT = 'review';

/** What a wizard page holds between renders: the draft, what was evaluated, the outcome of Continuar. */
export interface StepState {
  /** Whether the browser's own facts (stored draft, query, history state) are applied (after hydration). */
  browserState: boolean;
  /** The draft as it was when the page opened (for the "continue where you left off" notice). */
  initialDraft: Draft;
  /** This page's answers as typed. */
  values: Answers;
  /** The answers the live evaluation (price, visibility, outcome) is for. */
  evaluatedAnswers: Answers;
  /** This page's errors as shown. */
  errors: OptionError[];
  failure: unknown;
  /** Following a redirect to another product. */
  moving: boolean;
}

export type StepAction =
  | { type: 'opened'; draft: Draft; pageIds: ReadonlySet<number> }
  | { type: 'changed'; optionId: number; value: string }
  | { type: 'evaluate'; answers: Answers }
  | { type: 'restarted'; pageIds: ReadonlySet<number> }
  | { type: 'submitted' }
  | { type: 'failed'; error: unknown }
  | { type: 'evaluated'; answers: Answers; errors: OptionError[] }
  | { type: 'errorsShown'; errors: OptionError[] }
  | { type: 'fieldError'; optionId: number; message: string | null }
  | { type: 'moving' };

function pageValues(pageIds: ReadonlySet<number>, answers: Answers): Answers {
  return Object.fromEntries([...pageIds].map((id) => [String(id), answers[String(id)] ?? '']));
}

/** The state of a page opened with `draft` (empty while the server's markup is hydrated). */
export function openedState(draft: Draft, pageIds: ReadonlySet<number>, browserState: boolean): StepState {
  return {
    browserState,
    initialDraft: draft,
    values: pageValues(pageIds, draft.answers),
    evaluatedAnswers: withoutEmpty(draft.answers),
    errors: [],
    failure: null,
    moving: false,
  };
}

export function stepReducer(state: StepState, action: StepAction): StepState {
  switch (action.type) {
    case 'opened':
      return openedState(action.draft, action.pageIds, true);
    case 'changed':
      return { ...state, values: { ...state.values, [String(action.optionId)]: action.value } };
    case 'evaluate':
      return { ...state, evaluatedAnswers: action.answers };
    case 'restarted':
      return { ...openedState(EMPTY_DRAFT, action.pageIds, state.browserState) };
    case 'submitted':
      return { ...state, failure: null };
    case 'failed':
      return { ...state, failure: action.error, moving: false };
    case 'evaluated':
      return { ...state, evaluatedAnswers: action.answers, errors: action.errors };
    case 'errorsShown':
      return { ...state, errors: action.errors };
    case 'fieldError':
      return {
        ...state,
        errors: [
          ...state.errors.filter((e) => e.option_id !== action.optionId),
          ...(action.message ? [{ option_id: action.optionId, message: action.message }] : []),
        ],
      };
    case 'moving':
      return { ...state, moving: true };
  }
}

interface NextPageInput {
  product: Product;
  paths: WizardPaths;
  stepNumber: number;
  result: Evaluation;
  draft: Draft;
  answers: Answers;
  review: boolean;
  returning: boolean;
}

/**
 * Where Continuar goes with a valid page (no exit, no redirect): the check-answers page under early checkout's
 * review button, else the next page with something to ask (after a change from the check-answers page, or in a
 * fast-buy, only pages with something left to ask), else the check-answers page. Also the draft to store.
 */
export function nextAfterContinue({
  product,
  paths,
  stepNumber,
  result,
  draft,
  answers,
  review,
  returning,
}: NextPageInput) {
  const pageIndex = stepNumber - 1;
  const shown = askedOnPages(result.visible, confirmPageOptions(product, result.outcome));
  const asked = visibleOptionsOn(product, pageIndex, shown).map((o) => o.option_id);
  const seen = [...new Set([...draft.seen, ...asked])];
  // Only answers to visible questions are stored: a hidden answer never reaches the cart.
  const kept = onlyVisible(answers, new Set(result.visible));
  if (review && result.outcome.type === 'early_checkout') {
    return { target: paths.confirmation, lastStep: stepNumber, seen, kept };
  }
  const unseen = returning || draft.fastBuy ? questionsToAsk(product, shown, seen, kept) : undefined;
  const next = nextPageIndex(product, pageIndex, shown, unseen);
  const target =
    next === null ? paths.confirmation : `${paths.step(next + 1)}${returning ? `?${RETURN_TO_CONFIRMATION}` : ''}`;
  return { target, lastStep: next === null ? stepNumber : next + 1, seen, kept };
}

interface WizardStepInput {
  storeId: number;
  product: Product;
  urlKey: string;
  paths: WizardPaths;
  /** 1-based page number from the address (`step3`). */
  stepNumber: number;
}

/**
 * The logic of one wizard page: its draft and answers (kept in the browser's storage as typed), the live evaluation,
 * Continuar's outcome (errors, exit page, redirect, early checkout, next page) and the navigation it leads to.
 */
export function useWizardStep({ storeId, product, urlKey, paths, stepNumber }: WizardStepInput) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  // The server renders a question page as a visitor without a draft sees it, at its address without a query
  // (seo-pages.ts): the browser hydrates that, then applies what only it knows (its stored draft, the address's query,
  // the history state) in an effect below. Until then the page decides nothing on its own (no redirect).
  const hydrating = !useHydrated();
  const pageIndex = stepNumber - 1;
  const pages = pagesOf(product);
  const pageIds = useMemo(() => new Set(pages[pageIndex] ?? []), [pages, pageIndex]);
  const [state, dispatch] = useReducer(stepReducer, null, () =>
    openedState(hydrating ? EMPTY_DRAFT : readDraft(storeId, urlKey), pageIds, !hydrating),
  );
  const { browserState } = state;
  const returning = browserState && searchParams.get('return') === 'confirmation';
  const showingExit = browserState && searchParams.get(EXIT_PARAM) === '1';
  const locationState = browserState ? (location.state as WizardLocationState | null) : null;
  const triggers = useMemo(() => reevaluationTriggers(product), [product]);
  const followRedirect = useFollowRedirect(storeId, product);
  const serverDraft = useDraftSync(storeId, urlKey);
  const evaluation = useEvaluation(storeId, urlKey, state.evaluatedAnswers);
  const continueEvaluation = useEvaluateMutation(storeId, urlKey);
  const textTimer = useRef<number | undefined>(undefined);
  const errorsShownOnLoad = useRef(false);

  const outcome = evaluation.data?.outcome;
  const exit = showingExit && outcome?.type === 'exit' && !evaluation.isPlaceholderData ? outcome : null;
  // Options kept for the check-answers page (questions on confirm; confirmation options under early checkout).
  const confirmPage = useMemo(() => confirmPageOptions(product, outcome), [product, outcome]);
  const visible = useMemo(
    () => askedOnPages(evaluation.data?.visible ?? [], confirmPage),
    [evaluation.data, confirmPage],
  );

  // Hydrated from the server's markup: the stored draft, as a page opened in the browser would have started with it.
  useEffect(() => {
    if (!browserState) dispatch({ type: 'opened', draft: readDraft(storeId, urlKey), pageIds });
  }, [browserState, storeId, urlKey, pageIds]);

  useEffect(() => {
    if (!browserState || showingExit) return;
    updateDraft(storeId, urlKey, (draft) => ({
      ...draft,
      lastPath: location.pathname + location.search,
      lastStep: stepNumber,
    }));
  }, [browserState, storeId, urlKey, location.pathname, location.search, stepNumber, showingExit]);

  useEffect(() => () => window.clearTimeout(textTimer.current), []);

  // Leaving the exit page for the question (same address, so no route change): start the user at its heading again.
  const wasShowingExit = useRef(showingExit);
  useEffect(() => {
    if (wasShowingExit.current && !showingExit) focusHeading();
    wasShowingExit.current = showingExit;
  }, [showingExit]);

  function pageErrors(result: Evaluation): OptionError[] {
    const shown = askedOnPages(result.visible, confirmPageOptions(product, result.outcome));
    const order = pages[pageIndex] ?? [];
    return result.errors
      .filter((e) => pageIds.has(e.option_id) && shown.has(e.option_id))
      .sort((a, b) => order.indexOf(a.option_id) - order.indexOf(b.option_id));
  }

  // Sent here by the check-answers page: show this page's missing answers at once.
  useEffect(() => {
    if (!locationState?.showErrors || errorsShownOnLoad.current || !evaluation.data || evaluation.isPlaceholderData)
      return;
    errorsShownOnLoad.current = true;
    dispatch({ type: 'errorsShown', errors: pageErrors(evaluation.data) });
    // pageErrors reads only the product and page, fixed for this page (the routes key it by page).
  }, [evaluation.data, evaluation.isPlaceholderData, locationState]);

  function change(optionId: number, value: string, immediate: boolean) {
    const key = String(optionId);
    dispatch({ type: 'changed', optionId, value });
    // Typed answers are kept at once, so Back, a reload or leaving the page never loses them.
    const draft = updateDraft(storeId, urlKey, (d) => ({
      ...d,
      answers: withoutEmpty({ ...d.answers, [key]: value }),
    }));
    if (!triggers.has(optionId)) return;
    window.clearTimeout(textTimer.current);
    const reevaluate = () => dispatch({ type: 'evaluate', answers: withoutEmpty(draft.answers) });
    if (immediate) reevaluate();
    else textTimer.current = window.setTimeout(reevaluate, TEXT_REEVALUATE_DELAY_MS);
  }

  /** Answers given by a lookup (the cadastral reference fills province, municipality and address). */
  function fillAnswers(filled: Record<string, string>) {
    for (const [id, value] of Object.entries(filled)) change(Number(id), value, true);
  }

  function restart() {
    window.clearTimeout(textTimer.current);
    clearDraft(storeId, urlKey);
    serverDraft.remove();
    dispatch({ type: 'restarted', pageIds });
    const restartState: WizardLocationState = { restarted: true };
    navigate(paths.step(1), { state: restartState });
    if (stepNumber === 1) focusHeading();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const review = submitter?.value === REVIEW_INTENT;
    window.clearTimeout(textTimer.current);
    dispatch({ type: 'submitted' });
    const draft = readDraft(storeId, urlKey);
    const answers = withoutEmpty({ ...draft.answers, ...state.values });
    let result: Evaluation;
    try {
      result = await continueEvaluation.mutateAsync(answers);
    } catch (error) {
      dispatch({ type: 'failed', error });
      return;
    }
    queryClient.setQueryData(evaluateKey(storeId, urlKey, answers), result);
    const problems = pageErrors(result);
    dispatch({ type: 'evaluated', answers, errors: problems });
    if (problems.length > 0) return;

    if (result.outcome.type === 'exit') {
      // Not a validation error: a page of its own (Back returns to the question).
      writeDraft(storeId, urlKey, { ...draft, answers });
      navigate(`${paths.step(stepNumber)}?${EXIT_PARAM}=1`);
      return;
    }
    if (result.outcome.type === 'redirect') {
      dispatch({ type: 'moving' });
      try {
        await followRedirect(result.outcome, onlyVisible(answers, new Set(result.visible)));
      } catch (error) {
        dispatch({ type: 'failed', error });
      }
      return;
    }

    const next = nextAfterContinue({ product, paths, stepNumber, result, draft, answers, review, returning });
    const { target, lastStep, seen, kept } = next;
    writeDraft(storeId, urlKey, {
      answers: kept,
      seen,
      lastPath: target,
      lastStep,
      ...(draft.fastBuy ? { fastBuy: true } : {}),
      ...(draft.editLine ? { editLine: draft.editLine } : {}),
    });
    // Signed-in customers find it in their account on any device (not an edit of a cart line: that line is it).
    if (!draft.editLine) serverDraft.save({ answers: kept, seen, lastPath: target, lastStep });
    queryClient.setQueryData(evaluateKey(storeId, urlKey, kept), result);
    navigate(target);
  }

  return {
    state,
    pages,
    pageIndex,
    returning,
    locationState,
    evaluation,
    exit,
    visible,
    submitting: continueEvaluation.isPending,
    change,
    fillAnswers,
    restart,
    submit,
    setFieldError: (optionId: number, message: string | null) => dispatch({ type: 'fieldError', optionId, message }),
  };
}
