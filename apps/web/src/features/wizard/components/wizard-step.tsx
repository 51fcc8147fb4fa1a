import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import { api } from '../../../shared/lib/api-client';
import type { Evaluation, OptionError, Product, ProductSummary } from '../../../shared/lib/api-types';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, BackLink, Button, Caption, Columns, ErrorSummary, LinkButton, PageHeading, Spinner } from '../../../shared/ui';
import { evaluateKey, useEvaluateMutation, useEvaluation } from '../api/evaluate-product';
import { readDraft, updateDraft, writeDraft } from '../lib/draft-storage';
import {
  isChoice,
  nextPageIndex,
  onlyVisible,
  pagesOf,
  previousPageIndex,
  reevaluationTriggers,
  visibleOptionsOn,
  withoutEmpty,
  type Answers,
} from '../lib/wizard-pages';
import { RETURN_TO_CONFIRMATION, type WizardPaths } from '../lib/wizard-paths';
import { OptionField, optionInputId } from './option-field';
import { PricePanel } from './price-panel';

interface WizardStepProps {
  storeId: number;
  product: Product;
  urlKey: string;
  paths: WizardPaths;
  /** 1-based page number from the address (`step3`). */
  stepNumber: number;
}

/** Set by the check-answers page when it sends the user back to a page with missing answers. */
export interface WizardLocationState {
  showErrors?: boolean;
}

const TEXT_REEVALUATE_DELAY_MS = 600;

/**
 * One wizard page: the visible questions of `steps[stepNumber - 1]`, a Back link, "Continuar" and the live price.
 * Continuar asks the server to evaluate every answer so far and shows only this page's errors.
 */
export function WizardStep({ storeId, product, urlKey, paths, stepNumber }: WizardStepProps) {
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const returning = searchParams.get('return') === 'confirmation';
  const pageIndex = stepNumber - 1;
  const pages = pagesOf(product);
  const pageIds = useMemo(() => new Set(pages[pageIndex] ?? []), [pages, pageIndex]);
  const triggers = useMemo(() => reevaluationTriggers(product), [product]);

  // The draft as it was when the page opened (for the "continue where you left off" notice).
  const [initialDraft] = useState(() => readDraft(storeId, urlKey));
  const [values, setValues] = useState<Answers>(() =>
    Object.fromEntries([...pageIds].map((id) => [String(id), initialDraft.answers[String(id)] ?? ''])),
  );
  const [evaluatedAnswers, setEvaluatedAnswers] = useState<Answers>(() => withoutEmpty(initialDraft.answers));
  const evaluation = useEvaluation(storeId, urlKey, evaluatedAnswers);
  const continueEvaluation = useEvaluateMutation(storeId, urlKey);
  const [errors, setErrors] = useState<OptionError[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [exitMessage, setExitMessage] = useState<string | null>(null);
  const textTimer = useRef<number | undefined>(undefined);
  const errorsShownOnLoad = useRef(false);

  const visible = useMemo(() => new Set(evaluation.data?.visible ?? []), [evaluation.data]);
  const options = visibleOptionsOn(product, pageIndex, visible);
  const single = options.length === 1;
  const heading = single ? options[0]!.title : format.list(options.map((o) => o.title));

  useDocumentTitle(exitMessage ? t('wizard.exitTitle') : evaluation.data ? heading : product.name, errors.length > 0);

  useEffect(() => {
    updateDraft(storeId, urlKey, (draft) => ({ ...draft, lastPath: location.pathname + location.search, lastStep: stepNumber }));
  }, [storeId, urlKey, location.pathname, location.search, stepNumber]);

  useEffect(() => () => window.clearTimeout(textTimer.current), []);

  // Sent here by the check-answers page: show this page's missing answers at once.
  useEffect(() => {
    const state = location.state as WizardLocationState | null;
    if (!state?.showErrors || errorsShownOnLoad.current || !evaluation.data || evaluation.isPlaceholderData) return;
    errorsShownOnLoad.current = true;
    setErrors(pageErrors(evaluation.data));
  }, [evaluation.data, evaluation.isPlaceholderData, location.state]);

  function pageErrors(result: Evaluation): OptionError[] {
    const shown = new Set(result.visible);
    const order = pages[pageIndex] ?? [];
    return result.errors
      .filter((e) => pageIds.has(e.option_id) && shown.has(e.option_id))
      .sort((a, b) => order.indexOf(a.option_id) - order.indexOf(b.option_id));
  }

  function change(optionId: number, value: string, immediate: boolean) {
    const key = String(optionId);
    setValues((current) => ({ ...current, [key]: value }));
    // Typed answers are kept at once, so Back, a reload or leaving the page never loses them.
    const draft = updateDraft(storeId, urlKey, (d) => ({ ...d, answers: withoutEmpty({ ...d.answers, [key]: value }) }));
    if (!triggers.has(optionId)) return;
    window.clearTimeout(textTimer.current);
    const reevaluate = () => setEvaluatedAnswers(withoutEmpty(draft.answers));
    if (immediate) reevaluate();
    else textTimer.current = window.setTimeout(reevaluate, TEXT_REEVALUATE_DELAY_MS);
  }

  async function goToRedirectTarget(productId: number, answers: Answers) {
    const list = await queryClient.fetchQuery({
      queryKey: ['catalog', storeId, 'products'],
      queryFn: () => api.get<{ items: ProductSummary[] }>(`/api/stores/${storeId}/products`),
    });
    const target = list.items.find((p) => p.product_id === productId);
    if (!target) {
      setFailure(new Error('redirect target not found'));
      return;
    }
    // Never ask twice: the answers already given travel to the other product.
    updateDraft(storeId, target.url_key, (d) => ({ ...d, answers: { ...answers, ...d.answers } }));
    navigate(`/tienda/${encodeURIComponent(target.url_key)}/step1`);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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
      setExitMessage(result.outcome.message || t('wizard.exitDefault'));
      return;
    }
    if (result.outcome.type === 'redirect' && result.outcome.product_id) {
      await goToRedirectTarget(result.outcome.product_id, answers);
      return;
    }

    const shown = new Set(result.visible);
    const asked = visibleOptionsOn(product, pageIndex, shown).map((o) => o.option_id);
    const seen = [...new Set([...draft.seen, ...asked])];
    const unseen = returning ? new Set(result.visible.filter((id) => !seen.includes(id))) : undefined;
    const next = nextPageIndex(product, pageIndex, shown, unseen);
    const target = next === null ? paths.confirmation : `${paths.step(next + 1)}${returning ? `?${RETURN_TO_CONFIRMATION}` : ''}`;
    // Only answers to visible questions are stored: a hidden answer never reaches the cart.
    const kept = onlyVisible(answers, shown);
    writeDraft(storeId, urlKey, { answers: kept, seen, lastPath: target, lastStep: next === null ? stepNumber : next + 1 });
    queryClient.setQueryData(evaluateKey(storeId, urlKey, kept), result);
    navigate(target);
  }

  // A product without questions goes straight to the check-answers page; a page number past the end restarts.
  if (pages.length === 0) return <Navigate to={paths.confirmation} replace />;
  if (pageIndex >= pages.length) return <Navigate to={paths.step(1)} replace />;
  if (evaluation.isPending) return <Spinner />;
  if (evaluation.isError && !evaluation.data) return <Alert>{errorText(evaluation.error, t)}</Alert>;

  if (options.length === 0 && !evaluation.isPlaceholderData) {
    // Nothing to ask on this page with the answers given: skip it.
    const next = nextPageIndex(product, pageIndex, visible);
    const query = returning ? `?${RETURN_TO_CONFIRMATION}` : '';
    return <Navigate to={next === null ? paths.confirmation : `${paths.step(next + 1)}${query}`} replace />;
  }

  const previous = previousPageIndex(product, pageIndex, visible);
  const backTo = returning ? paths.confirmation : previous === null ? paths.catalogue : paths.step(previous + 1);
  const errorFor = new Map(errors.map((e) => [e.option_id, e.message]));

  if (exitMessage) {
    return (
      <>
        <PageHeading caption={product.name}>{t('wizard.exitTitle')}</PageHeading>
        <p>{exitMessage}</p>
        <p>
          <LinkButton onClick={() => setExitMessage(null)}>{t('wizard.exitChangeAnswers')}</LinkButton>
        </p>
        <p>
          <Link to={paths.catalogue}>{t('nav.backToCatalogue')}</Link>
        </p>
      </>
    );
  }

  const showResume =
    stepNumber === 1 && !returning && initialDraft.lastPath !== null && initialDraft.lastStep > 1 && initialDraft.lastPath !== location.pathname;

  return (
    <>
      <BackLink to={backTo} />
      <Columns
        main={
          <>
            <ErrorSummary errors={errors.map((e) => ({ href: `#${optionInputId(e.option_id)}`, text: e.message }))} />
            {showResume ? (
              <div className="inset-text wizard-resume">
                <p>{t('wizard.resumeText')}</p>
                <Link to={initialDraft.lastPath!}>{t('wizard.resumeLink')}</Link>
              </div>
            ) : null}
            {failure ? <Alert>{errorText(failure, t)}</Alert> : null}
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
                />
              ))}
              <Button pending={continueEvaluation.isPending}>{t('wizard.continue')}</Button>
            </form>
          </>
        }
        side={<PricePanel price={evaluation.data?.price} updating={evaluation.isFetching} />}
      />
    </>
  );
}
