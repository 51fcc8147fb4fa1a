import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import type { Evaluation, OptionError, Product } from '../../../shared/lib/api-contract';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { useHydrated } from '../../../shared/lib/use-hydrated';
import {
  Alert,
  BackLink,
  Button,
  Caption,
  Columns,
  ErrorSummary,
  Link,
  LinkButton,
  PageHeading,
  Spinner,
} from '../../../shared/ui';
import { evaluateKey, useEvaluateMutation, useEvaluation } from '../api/evaluate-product';
import { useDraftSync } from '../api/server-drafts';
import { clearDraft, EMPTY_DRAFT, hasProgress, readDraft, updateDraft, writeDraft } from '../lib/draft-storage';
import {
  askedOnPages,
  confirmPageOptions,
  exitAnswerPage,
  isChoice,
  nextPageIndex,
  onlyVisible,
  pagesOf,
  previousPageIndex,
  questionsToAsk,
  reevaluationTriggers,
  visibleOptionsOn,
  withoutEmpty,
  type Answers,
} from '../lib/wizard-pages';
import { RETURN_TO_CONFIRMATION, type WizardPaths } from '../lib/wizard-paths';
import {
  EXIT_PARAM,
  ExitPage,
  FlowNotice,
  focusHeading,
  useFollowRedirect,
  type WizardLocationState,
} from './flow-outcome';
import { OptionField, optionInputId } from './option-field';
import { PricePanel } from './price-panel';
import { ReuseLastForm } from './reuse-last-form';

interface WizardStepProps {
  storeId: number;
  product: Product;
  urlKey: string;
  paths: WizardPaths;
  /** 1-based page number from the address (`step3`). */
  stepNumber: number;
}

const TEXT_REEVALUATE_DELAY_MS = 600;
const REVIEW_INTENT = 'review';

/**
 * One wizard page: the visible questions of the page, a Back link, "Continuar" and the live price.
 * Continuar asks the server to evaluate every answer so far and shows only this page's errors; an exit shows the
 * exit page, a redirect moves to the other product with the answers, early checkout offers the check-answers page.
 */
export function WizardStep({ storeId, product, urlKey, paths, stepNumber }: WizardStepProps) {
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  // The server renders a question page as a visitor without a draft sees it, at its address without a query
  // (seo-pages.ts): the browser hydrates that, then applies what only it knows (its stored draft, the address's query,
  // the history state) in an effect below. Until then the page decides nothing on its own (no redirect).
  const hydrating = !useHydrated();
  const [browserState, setBrowserState] = useState(!hydrating);
  const returning = browserState && searchParams.get('return') === 'confirmation';
  const showingExit = browserState && searchParams.get(EXIT_PARAM) === '1';
  const locationState = browserState ? (location.state as WizardLocationState | null) : null;
  const pageIndex = stepNumber - 1;
  const pages = pagesOf(product);
  const pageIds = useMemo(() => new Set(pages[pageIndex] ?? []), [pages, pageIndex]);
  const triggers = useMemo(() => reevaluationTriggers(product), [product]);
  const followRedirect = useFollowRedirect(storeId, product);
  const serverDraft = useDraftSync(storeId, urlKey);

  // The draft as it was when the page opened (for the "continue where you left off" notice).
  const [initialDraft, setInitialDraft] = useState(() => (hydrating ? EMPTY_DRAFT : readDraft(storeId, urlKey)));
  const [values, setValues] = useState<Answers>(() =>
    Object.fromEntries([...pageIds].map((id) => [String(id), initialDraft.answers[String(id)] ?? ''])),
  );
  const [evaluatedAnswers, setEvaluatedAnswers] = useState<Answers>(() => withoutEmpty(initialDraft.answers));
  const evaluation = useEvaluation(storeId, urlKey, evaluatedAnswers);
  const continueEvaluation = useEvaluateMutation(storeId, urlKey);
  const [errors, setErrors] = useState<OptionError[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [moving, setMoving] = useState(false);
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
  const options = visibleOptionsOn(product, pageIndex, visible);
  const single = options.length === 1;
  const heading = single ? options[0]!.title : format.list(options.map((o) => o.title));

  useDocumentTitle(exit ? t('wizard.exitTitle') : evaluation.data ? heading : product.name, errors.length > 0 && !exit);

  // Hydrated from the server's markup: the stored draft, as a page opened in the browser would have started with it.
  useEffect(() => {
    if (browserState) return;
    const draft = readDraft(storeId, urlKey);
    setInitialDraft(draft);
    setValues(Object.fromEntries([...pageIds].map((id) => [String(id), draft.answers[String(id)] ?? ''])));
    setEvaluatedAnswers(withoutEmpty(draft.answers));
    setBrowserState(true);
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

  // Sent here by the check-answers page: show this page's missing answers at once.
  useEffect(() => {
    if (!locationState?.showErrors || errorsShownOnLoad.current || !evaluation.data || evaluation.isPlaceholderData)
      return;
    errorsShownOnLoad.current = true;
    setErrors(pageErrors(evaluation.data));
  }, [evaluation.data, evaluation.isPlaceholderData, locationState]);

  function pageErrors(result: Evaluation): OptionError[] {
    const shown = askedOnPages(result.visible, confirmPageOptions(product, result.outcome));
    const order = pages[pageIndex] ?? [];
    return result.errors
      .filter((e) => pageIds.has(e.option_id) && shown.has(e.option_id))
      .sort((a, b) => order.indexOf(a.option_id) - order.indexOf(b.option_id));
  }

  function change(optionId: number, value: string, immediate: boolean) {
    const key = String(optionId);
    setValues((current) => ({ ...current, [key]: value }));
    // Typed answers are kept at once, so Back, a reload or leaving the page never loses them.
    const draft = updateDraft(storeId, urlKey, (d) => ({
      ...d,
      answers: withoutEmpty({ ...d.answers, [key]: value }),
    }));
    if (!triggers.has(optionId)) return;
    window.clearTimeout(textTimer.current);
    const reevaluate = () => setEvaluatedAnswers(withoutEmpty(draft.answers));
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
    setInitialDraft(EMPTY_DRAFT);
    setValues(Object.fromEntries([...pageIds].map((id) => [String(id), ''])));
    setEvaluatedAnswers({});
    setErrors([]);
    setFailure(null);
    const state: WizardLocationState = { restarted: true };
    navigate(paths.step(1), { state });
    if (stepNumber === 1) focusHeading();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const review = submitter?.value === REVIEW_INTENT;
    window.clearTimeout(textTimer.current);
    setFailure(null);
    const draft = readDraft(storeId, urlKey);
    const answers = withoutEmpty({ ...draft.answers, ...values });
    let result: Evaluation;
    try {
      result = await continueEvaluation.mutateAsync(answers);
    } catch (error) {
      setFailure(error);
      return;
    }
    queryClient.setQueryData(evaluateKey(storeId, urlKey, answers), result);
    setEvaluatedAnswers(answers);

    const problems = pageErrors(result);
    setErrors(problems);
    if (problems.length > 0) return;

    if (result.outcome.type === 'exit') {
      // Not a validation error: a page of its own (Back returns to the question).
      writeDraft(storeId, urlKey, { ...draft, answers });
      navigate(`${paths.step(stepNumber)}?${EXIT_PARAM}=1`);
      return;
    }
    if (result.outcome.type === 'redirect') {
      setMoving(true);
      try {
        await followRedirect(result.outcome, onlyVisible(answers, new Set(result.visible)));
      } catch (error) {
        setMoving(false);
        setFailure(error);
      }
      return;
    }

    const shown = askedOnPages(result.visible, confirmPageOptions(product, result.outcome));
    const asked = visibleOptionsOn(product, pageIndex, shown).map((o) => o.option_id);
    const seen = [...new Set([...draft.seen, ...asked])];
    // Only answers to visible questions are stored: a hidden answer never reaches the cart.
    const kept = onlyVisible(answers, new Set(result.visible));
    let target: string;
    let lastStep: number;
    if (review && result.outcome.type === 'early_checkout') {
      target = paths.confirmation;
      lastStep = stepNumber;
    } else {
      // After a change from the check-answers page, or in a fast-buy: only pages with something left to ask.
      const unseen = returning || draft.fastBuy ? questionsToAsk(product, shown, seen, kept) : undefined;
      const next = nextPageIndex(product, pageIndex, shown, unseen);
      target =
        next === null ? paths.confirmation : `${paths.step(next + 1)}${returning ? `?${RETURN_TO_CONFIRMATION}` : ''}`;
      lastStep = next === null ? stepNumber : next + 1;
    }
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

  // A product without questions goes straight to the check-answers page; a page number past the end restarts.
  if (pages.length === 0) return <Navigate to={paths.confirmation} replace />;
  if (pageIndex >= pages.length) return <Navigate to={paths.step(1)} replace />;
  if (evaluation.isPending || moving) return <Spinner />;
  if (evaluation.isError && !evaluation.data) return <Alert>{errorText(evaluation.error, t)}</Alert>;

  if (exit) {
    const answerPage = exitAnswerPage(product, exit) ?? pageIndex;
    return (
      <ExitPage
        product={product}
        message={exit.message ?? ''}
        changeTo={paths.step(answerPage + 1)}
        catalogue={paths.catalogue}
      />
    );
  }

  if (options.length === 0 && !browserState) return <Spinner />;
  if (options.length === 0 && !evaluation.isPlaceholderData) {
    // Nothing to ask on this page with the answers given: skip it.
    const next = nextPageIndex(product, pageIndex, visible);
    const query = returning ? `?${RETURN_TO_CONFIRMATION}` : '';
    return (
      <Navigate
        to={next === null ? paths.confirmation : `${paths.step(next + 1)}${query}`}
        replace
        state={location.state}
      />
    );
  }

  const previous = previousPageIndex(product, pageIndex, visible);
  const backTo = returning ? paths.confirmation : previous === null ? paths.catalogue : paths.step(previous + 1);
  const errorFor = new Map(errors.map((e) => [e.option_id, e.message]));
  const earlyCheckout = outcome?.type === 'early_checkout' && !returning && !evaluation.isPlaceholderData;

  const showResume =
    stepNumber === 1 &&
    !returning &&
    !locationState?.redirectedFrom &&
    initialDraft.lastPath !== null &&
    initialDraft.lastStep > 1 &&
    initialDraft.lastPath !== location.pathname;

  return (
    <>
      <BackLink to={backTo} />
      <Columns
        main={
          <>
            <ErrorSummary errors={errors.map((e) => ({ href: `#${optionInputId(e.option_id)}`, text: e.message }))} />
            <FlowNotice state={locationState} product={product} />
            {showResume ? (
              <div className="inset-text wizard-resume">
                <p>{t('wizard.resumeText')}</p>
                <Link to={initialDraft.lastPath!}>{t('wizard.resumeLink')}</Link>
              </div>
            ) : null}
            {failure ? <Alert>{errorText(failure, t)}</Alert> : null}
            {stepNumber === 1 && !returning && !locationState?.redirectedFrom && !hasProgress(initialDraft) ? (
              <ReuseLastForm storeId={storeId} urlKey={urlKey} paths={paths} />
            ) : null}
            {single ? <Caption>{product.name}</Caption> : <PageHeading caption={product.name}>{heading}</PageHeading>}
            <form noValidate onSubmit={submit}>
              {options.map((option) => (
                <OptionField
                  key={option.option_id}
                  option={option}
                  asHeading={single}
                  value={values[String(option.option_id)] ?? ''}
                  error={errorFor.get(option.option_id)}
                  onChange={(value) => change(option.option_id, value, isChoice(option))}
                  context={{ options: product.options, answers: { ...initialDraft.answers, ...values } }}
                  fill={{ onFill: fillAnswers, visible }}
                  onError={(message) =>
                    setErrors((current) => [
                      ...current.filter((e) => e.option_id !== option.option_id),
                      ...(message ? [{ option_id: option.option_id, message }] : []),
                    ])
                  }
                />
              ))}
              {earlyCheckout ? <p className="wizard-early">{t('wizard.earlyCheckoutText')}</p> : null}
              <div className="button-group">
                <Button pending={continueEvaluation.isPending}>{t('wizard.continue')}</Button>
                {earlyCheckout ? (
                  <Button
                    variant="secondary"
                    name="intent"
                    value={REVIEW_INTENT}
                    pending={continueEvaluation.isPending}
                  >
                    {t('wizard.earlyCheckoutButton')}
                  </Button>
                ) : null}
              </div>
            </form>
            {hasProgress(initialDraft) || Object.values(values).some((v) => v !== '') ? (
              <p className="wizard-restart">
                <LinkButton onClick={restart}>{t('wizard.restart')}</LinkButton>
              </p>
            ) : null}
          </>
        }
        side={<PricePanel price={evaluation.data?.price} updating={evaluation.isFetching} />}
      />
    </>
  );
}
