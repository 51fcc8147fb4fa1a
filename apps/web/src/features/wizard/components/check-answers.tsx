import { useQueryClient } from '@tanstack/react-query';
import { cartAddPath } from '@ventanilla/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { errorText, useImpersonation } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { isApiError } from '../../../shared/lib/api-client';
import type { Evaluation, OptionError, Product } from '../../../shared/lib/api-contract';
import { queryKeys } from '../../../shared/lib/query-keys';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import {
  Alert,
  BackLink,
  Button,
  Columns,
  ErrorSummary,
  LinkButton,
  PageHeading,
  Spinner,
  SummaryList,
  type ErrorSummaryItem,
} from '../../../shared/ui';
import { useAddToCart, useEditCartLine } from '../api/add-to-cart';
import { evaluateAnswers, evaluateKey, useEvaluation } from '../api/evaluate-product';
import { useDraftSync } from '../api/server-drafts';
import { rememberLastForm } from '../lib/last-form';
import { clearDraft, readDraft, updateDraft } from '../lib/draft-storage';
import {
  answerLabel,
  askedOnPages,
  confirmPageOptions,
  exitAnswerPage,
  firstPageWithError,
  lastPageIndex,
  onlyVisible,
  errorSummaryText,
  pageOfOption,
  pagesOf,
  visibleOptionsOn,
  withoutEmpty,
  type Answers,
} from '../lib/wizard-pages';
import { RETURN_TO_CONFIRMATION, type WizardPaths } from '../lib/wizard-paths';
import { ExitPage, FlowNotice, useFollowRedirect, type WizardLocationState } from './flow-outcome';
import { optionInputId } from './option-field';
import { QuestionList } from './question-list';
import { isPlaceCodeQuestion, PlaceName } from './place-field';
import { PricePanel } from './price-panel';

interface CheckAnswersProps {
  storeId: number;
  product: Product;
  urlKey: string;
  paths: WizardPaths;
}

/**
 * The check-answers page: every answer on the current route with a "Cambiar" link, the questions asked on this page
 * (questions on confirm, and the confirmation options of an early checkout), the price, and "Añadir al carrito".
 */
export function CheckAnswers({ storeId, product, urlKey, paths }: CheckAnswersProps) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [draft] = useState(() => readDraft(storeId, urlKey));
  const [values, setValues] = useState<Answers>(() => draft.answers);
  const [evaluatedAnswers, setEvaluatedAnswers] = useState<Answers>(() => withoutEmpty(draft.answers));
  const evaluation = useEvaluation(storeId, urlKey, evaluatedAnswers);
  const addToCart = useAddToCart();
  // An admin looking as the customer changes nothing (the server refuses it too): the button says why it is off.
  const readOnly = useImpersonation() !== null;
  const editLine = useEditCartLine();
  const followRedirect = useFollowRedirect(storeId, product);
  const serverDraft = useDraftSync(storeId, urlKey);
  const [errors, setErrors] = useState<ErrorSummaryItem[]>([]);
  const [fieldErrors, setFieldErrors] = useState<OptionError[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [checking, setChecking] = useState(false);
  const redirecting = useRef(false);

  const result = evaluation.data;
  const settled = !!result && !evaluation.isPlaceholderData;
  const outcome = result?.outcome;
  const exit = settled && outcome?.type === 'exit' ? outcome : null;

  useDocumentTitle(exit ? t('wizard.exitTitle') : t('wizard.checkTitle'), errors.length > 0 && !exit);

  useEffect(() => {
    updateDraft(storeId, urlKey, (d) => ({ ...d, lastPath: paths.confirmation }));
  }, [storeId, urlKey, paths.confirmation]);

  // Editing a cart line: every question it shows now was asked when the line was made, so "Cambiar" returns here.
  const visibleNow = settled && draft.editLine ? result.visible : null;
  useEffect(() => {
    if (!visibleNow) return;
    updateDraft(storeId, urlKey, (d) => ({ ...d, seen: [...new Set([...d.seen, ...visibleNow])] }));
  }, [storeId, urlKey, visibleNow]);

  // Answers that now lead to another product (a draft kept from before, or changed elsewhere): move there.
  useEffect(() => {
    if (!settled || outcome?.type !== 'redirect' || redirecting.current) return;
    redirecting.current = true;
    followRedirect(outcome, evaluatedAnswers).catch((error: unknown) => setFailure(error));
  }, [settled, outcome, followRedirect, evaluatedAnswers]);

  if (evaluation.isPending) return <Spinner />;
  if (evaluation.isError || !result) return <Alert>{errorText(evaluation.error, t)}</Alert>;
  if (outcome?.type === 'redirect' && settled) return failure ? <Alert>{errorText(failure, t)}</Alert> : <Spinner />;

  if (exit) {
    const page = exitAnswerPage(product, exit) ?? 0;
    return (
      <ExitPage
        product={product}
        message={exit.message ?? ''}
        changeTo={paths.step(page + 1)}
        catalogue={paths.catalogue}
      />
    );
  }

  const confirmIds = confirmPageOptions(product, outcome);
  const allVisible = new Set(result.visible);
  const confirmFields = product.options
    .filter((o) => confirmIds.includes(o.option_id) && allVisible.has(o.option_id))
    .sort((a, b) => a.index - b.index || a.option_id - b.option_id);
  const onPages = askedOnPages(result.visible, confirmIds);
  const unanswered = result.errors.filter((e) => onPages.has(e.option_id));
  const firstMissing = settled ? firstPageWithError(product, unanswered) : null;
  if (firstMissing !== null) {
    // A required answer is missing (an address typed directly, an expired draft): ask it first.
    const state: WizardLocationState = { showErrors: true };
    return <Navigate to={paths.step(firstMissing + 1)} replace state={state} />;
  }

  const early = outcome?.type === 'early_checkout';
  // Under early checkout the route ends at the page the user left from: later questions are not part of it.
  const lastRoutePage = early && draft.lastStep > 0 ? draft.lastStep - 1 : Infinity;
  const stepLink = (pageIndex: number) => `${paths.step(pageIndex + 1)}?${RETURN_TO_CONFIRMATION}`;
  const rows = pagesOf(product).flatMap((_, pageIndex) =>
    visibleOptionsOn(product, pageIndex, onPages)
      .filter((option) => pageIndex <= lastRoutePage || (draft.answers[String(option.option_id)] ?? '') !== '')
      .map((option) => ({
        key: String(option.option_id),
        label: option.title,
        value:
          isPlaceCodeQuestion(option) && draft.answers[String(option.option_id)] ? (
            <PlaceName option={option} code={draft.answers[String(option.option_id)]!} />
          ) : (
            answerLabel(option, draft.answers[String(option.option_id)]) || t('wizard.notAnswered')
          ),
        action: { to: stepLink(pageIndex), text: t('wizard.change'), hiddenText: option.title },
      })),
  );
  const last = early && draft.lastStep > 0 ? draft.lastStep - 1 : lastPageIndex(product, onPages);
  const errorFor = new Map(fieldErrors.map((e) => [e.option_id, e.message]));

  function change(optionId: number, value: string, immediate: boolean) {
    const key = String(optionId);
    const next = { ...values, [key]: value };
    setValues(next);
    updateDraft(storeId, urlKey, (d) => ({ ...d, answers: withoutEmpty({ ...d.answers, [key]: value }) }));
    // Confirmation choices can carry a supplement: the server prices them.
    if (immediate) setEvaluatedAnswers(withoutEmpty(next));
  }

  function restart() {
    clearDraft(storeId, urlKey);
    serverDraft.remove();
    const state: WizardLocationState = { restarted: true };
    navigate(paths.step(1), { state });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const answers = withoutEmpty({
      ...draft.answers,
      ...Object.fromEntries(confirmFields.map((o) => [String(o.option_id), values[String(o.option_id)] ?? ''])),
    });
    let checked: Evaluation;
    setChecking(true);
    try {
      checked = await evaluateAnswers(storeId, urlKey, answers);
    } catch (error) {
      setFailure(error);
      return;
    } finally {
      setChecking(false);
    }
    queryClient.setQueryData(evaluateKey(storeId, urlKey, answers), checked);
    setEvaluatedAnswers(answers);
    const confirmNow = new Set(confirmPageOptions(product, checked.outcome));
    const own = checked.errors.filter((e) => confirmNow.has(e.option_id) && checked.visible.includes(e.option_id));
    setFieldErrors(own);
    setErrors(own.map((e) => ({ href: `#${optionInputId(e.option_id)}`, text: errorSummaryText(product, e) })));
    // An exit or a redirect shows once the evaluation above is on screen; missing page answers send to their page.
    if (own.length > 0 || checked.outcome.type === 'exit' || checked.outcome.type === 'redirect') return;
    if (checked.errors.length > 0) return;

    const ordered = onlyVisible(answers, new Set(checked.visible));
    const onError = (error: unknown) => {
      if (isApiError(error, 422) && error.errors?.length) {
        setErrors(
          error.errors.map((e) => {
            const text = errorSummaryText(product, e);
            if (confirmNow.has(e.option_id)) return { href: `#${optionInputId(e.option_id)}`, text };
            const page = pageOfOption(product, e.option_id);
            return { href: page === null ? '#main' : stepLink(page), text };
          }),
        );
      } else {
        setErrors([]);
        setFailure(error);
      }
    };
    const editing = draft.editLine;
    if (editing) {
      // Editing a cart line: PATCH it with the version it was opened at; back in the cart, its new price shows.
      editLine.mutate(
        { id: editing.id, version: editing.version, answers: ordered },
        {
          onSuccess: () => {
            clearDraft(storeId, urlKey);
            navigate('/tienda/cart', { state: { cartNotice: 'edited' } });
          },
          onError: (error) => {
            if (!isApiError(error, 409)) return onError(error);
            // Changed elsewhere (another tab or device): the cart shows it as it is now, and says why.
            clearDraft(storeId, urlKey);
            void queryClient.invalidateQueries({ queryKey: queryKeys.cart });
            navigate('/tienda/cart', { state: { cartNotice: 'conflict' } });
          },
        },
      );
      return;
    }
    addToCart.mutate(
      { storeId, urlKey, answers: ordered },
      {
        onSuccess: (cart) => {
          clearDraft(storeId, urlKey);
          serverDraft.remove();
          // The spec: the last nota simple form may be reused (within the configured window).
          rememberLastForm(storeId, urlKey, ordered);
          // "Added to your cart" (the spec's cart/add/... address of the flow), naming the line just added.
          const added = cart.items.filter((line) => line.url_key === urlKey).map((line) => line.id);
          const state = added.length > 0 ? { lineId: Math.max(...added) } : {};
          navigate(cartAddPath(urlKey), { state });
        },
        onError,
      },
    );
  }

  return (
    <>
      <BackLink to={last === null ? paths.catalogue : paths.step(last + 1)} />
      <Columns
        main={
          <>
            <ErrorSummary errors={errors} />
            <FlowNotice state={location.state as WizardLocationState | null} product={product} />
            {failure ? <Alert>{errorText(failure, t)}</Alert> : null}
            <PageHeading caption={product.name}>{t('wizard.checkTitle')}</PageHeading>
            {draft.editLine ? <p>{t('cartEdit.editingLine', { n: draft.editLine.position })}</p> : null}
            {rows.length > 0 ? <SummaryList rows={rows} /> : <p>{t('wizard.noQuestions')}</p>}
            <form noValidate onSubmit={submit}>
              {confirmFields.length > 0 ? (
                <>
                  <h2>{t('wizard.confirmQuestionsTitle')}</h2>
                  <QuestionList
                    questions={confirmFields}
                    values={values}
                    errors={errorFor}
                    onChange={change}
                    context={{ options: product.options, answers: { ...draft.answers, ...values } }}
                  />
                </>
              ) : null}
              {readOnly ? <p id="check-read-only">{t('impersonation.readOnlyAction')}</p> : null}
              <Button
                pending={addToCart.isPending || editLine.isPending || checking}
                disabled={readOnly}
                aria-describedby={readOnly ? 'check-read-only' : undefined}
              >
                {draft.editLine ? t('cartEdit.save') : t('wizard.addToCart')}
              </Button>
            </form>
            <p className="wizard-restart">
              <LinkButton onClick={restart}>{t('wizard.restart')}</LinkButton>
            </p>
          </>
        }
        side={<PricePanel price={result.price} updating={evaluation.isFetching} />}
      />
    </>
  );
}
