import { useQueryClient } from '@tanstack/react-query';
import { cartAddPath } from '@ventanilla/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useImpersonation } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { isApiError } from '../../../shared/lib/api-client';
import type { Evaluation, OptionError, Product, ProductOption } from '../../../shared/lib/api-contract';
import { queryKeys } from '../../../shared/lib/query-keys';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import type { ErrorSummaryItem } from '../../../shared/ui';
import { useAddToCart, useEditCartLine } from '../api/add-to-cart';
import { evaluateAnswers, evaluateKey, useEvaluation } from '../api/evaluate-product';
import { useDraftSync } from '../api/server-drafts';
import { clearDraft, readDraft, updateDraft, type Draft } from '../lib/draft-storage';
import { rememberLastForm } from '../lib/last-form';
import {
  askedOnPages,
  confirmPageOptions,
  errorSummaryText,
  exitAnswerPage,
  firstPageWithError,
  lastPageIndex,
  onlyVisible,
  pageOfOption,
  pagesOf,
  visibleOptionsOn,
  withoutEmpty,
  type Answers,
} from '../lib/wizard-pages';
import { RETURN_TO_CONFIRMATION, type WizardPaths } from '../lib/wizard-paths';
import { useFollowRedirect, type WizardLocationState } from './flow-outcome';
import { optionInputId } from './option-field';

interface CheckAnswersInput {
  storeId: number;
  product: Product;
  urlKey: string;
  paths: WizardPaths;
}

/** One answer of the route, with where "Cambiar" goes. */
interface AnswerRow {
  option: ProductOption;
  answer: string | undefined;
  changeTo: string;
}

/** The check-answers page ready to show: the answers, the questions asked here, and what the form does. */
interface CheckAnswersPage {
  draft: Draft;
  rows: AnswerRow[];
  /** The Back link: the last page of the route (the catalogue when there is none). */
  backTo: string;
  /** Questions on confirm, and the confirmation options of an early checkout. */
  confirmFields: ProductOption[];
  values: Answers;
  fieldErrors: ReadonlyMap<number, string>;
  errors: ErrorSummaryItem[];
  failure: unknown;
  price: Evaluation['price'];
  updating: boolean;
  pending: boolean;
  /** An admin looking as the customer changes nothing (the server refuses it too). */
  readOnly: boolean;
  change: (optionId: number, value: string, immediate: boolean) => void;
  restart: () => void;
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

/** What the check-answers page shows, from the evaluation of the draft's answers. */
export type CheckAnswersScreen =
  | { screen: 'pending' }
  | { screen: 'failed'; error: unknown }
  /** The answers lead to another product: moving there (or the failure to). */
  | { screen: 'redirecting'; failure: unknown }
  | { screen: 'exit'; message: string; changeTo: string }
  /** A required answer is missing (an address typed directly, an expired draft): ask it first. */
  | { screen: 'missing'; to: string; state: WizardLocationState }
  | ({ screen: 'ready' } & CheckAnswersPage);

/**
 * The check-answers page's logic (check-answers.tsx is its view): the draft's answers evaluated, the page's own
 * questions, and "Añadir al carrito" (or saving the cart line being edited) after the server checks every answer.
 */
export function useCheckAnswers({ storeId, product, urlKey, paths }: CheckAnswersInput): CheckAnswersScreen {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft] = useState(() => readDraft(storeId, urlKey));
  const [values, setValues] = useState<Answers>(() => draft.answers);
  const [evaluatedAnswers, setEvaluatedAnswers] = useState<Answers>(() => withoutEmpty(draft.answers));
  const evaluation = useEvaluation(storeId, urlKey, evaluatedAnswers);
  const addToCart = useAddToCart();
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

  if (evaluation.isPending) return { screen: 'pending' };
  if (evaluation.isError || !result) return { screen: 'failed', error: evaluation.error };
  if (outcome?.type === 'redirect' && settled) return { screen: 'redirecting', failure };
  if (exit) {
    const page = exitAnswerPage(product, exit) ?? 0;
    return { screen: 'exit', message: exit.message ?? '', changeTo: paths.step(page + 1) };
  }

  const confirmIds = confirmPageOptions(product, outcome);
  const allVisible = new Set(result.visible);
  const confirmFields = product.options
    .filter((o) => confirmIds.includes(o.option_id) && allVisible.has(o.option_id))
    .sort((a, b) => a.index - b.index || a.option_id - b.option_id);
  const onPages = askedOnPages(result.visible, confirmIds);
  const unanswered = result.errors.filter((e) => onPages.has(e.option_id));
  const firstMissing = settled ? firstPageWithError(product, unanswered) : null;
  if (firstMissing !== null)
    return { screen: 'missing', to: paths.step(firstMissing + 1), state: { showErrors: true } };

  const early = outcome?.type === 'early_checkout';
  // Under early checkout the route ends at the page the user left from: later questions are not part of it.
  const lastRoutePage = early && draft.lastStep > 0 ? draft.lastStep - 1 : Infinity;
  const stepLink = (pageIndex: number) => `${paths.step(pageIndex + 1)}?${RETURN_TO_CONFIRMATION}`;
  const rows = pagesOf(product).flatMap((_, pageIndex) =>
    visibleOptionsOn(product, pageIndex, onPages)
      .filter((option) => pageIndex <= lastRoutePage || (draft.answers[String(option.option_id)] ?? '') !== '')
      .map((option) => ({ option, answer: draft.answers[String(option.option_id)], changeTo: stepLink(pageIndex) })),
  );
  const last = early && draft.lastStep > 0 ? draft.lastStep - 1 : lastPageIndex(product, onPages);

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

  return {
    screen: 'ready',
    draft,
    rows,
    backTo: last === null ? paths.catalogue : paths.step(last + 1),
    confirmFields,
    values,
    fieldErrors: new Map(fieldErrors.map((e) => [e.option_id, e.message])),
    errors,
    failure,
    price: result.price,
    updating: evaluation.isFetching,
    pending: addToCart.isPending || editLine.isPending || checking,
    readOnly,
    change,
    restart,
    submit,
  };
}
