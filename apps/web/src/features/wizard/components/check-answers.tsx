import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { isApiError } from '../../../shared/lib/api-client';
import type { Product } from '../../../shared/lib/api-types';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, BackLink, Button, Columns, ErrorSummary, PageHeading, Spinner, SummaryList, type ErrorSummaryItem } from '../../../shared/ui';
import { useAddToCart } from '../api/add-to-cart';
import { useEvaluation } from '../api/evaluate-product';
import { clearDraft, readDraft, updateDraft } from '../lib/draft-storage';
import { answerLabel, firstPageWithError, lastPageIndex, onlyVisible, pageOfOption, pagesOf, visibleOptionsOn, withoutEmpty } from '../lib/wizard-pages';
import { RETURN_TO_CONFIRMATION, type WizardPaths } from '../lib/wizard-paths';
import { PricePanel } from './price-panel';
import type { WizardLocationState } from './wizard-step';

interface CheckAnswersProps {
  storeId: number;
  product: Product;
  urlKey: string;
  paths: WizardPaths;
}

/** The check-answers page: every visible answer with a "Cambiar" link, the price, and "Añadir al carrito". */
export function CheckAnswers({ storeId, product, urlKey, paths }: CheckAnswersProps) {
  const t = useT();
  const navigate = useNavigate();
  const [draft] = useState(() => readDraft(storeId, urlKey));
  const evaluation = useEvaluation(storeId, urlKey, withoutEmpty(draft.answers));
  const addToCart = useAddToCart();
  const [errors, setErrors] = useState<ErrorSummaryItem[]>([]);
  const [failure, setFailure] = useState<unknown>(null);

  useDocumentTitle(t('wizard.checkTitle'), errors.length > 0);

  useEffect(() => {
    updateDraft(storeId, urlKey, (d) => ({ ...d, lastPath: paths.confirmation }));
  }, [storeId, urlKey, paths.confirmation]);

  if (evaluation.isPending) return <Spinner />;
  if (evaluation.isError) return <Alert>{errorText(evaluation.error, t)}</Alert>;

  const result = evaluation.data;
  const visible = new Set(result.visible);
  const unanswered = result.errors.filter((e) => visible.has(e.option_id));
  const firstMissing = firstPageWithError(product, unanswered);
  if (firstMissing !== null) {
    // A required answer is missing (an address typed directly, an expired draft): ask it first.
    const state: WizardLocationState = { showErrors: true };
    return <Navigate to={paths.step(firstMissing + 1)} replace state={state} />;
  }

  const stepLink = (pageIndex: number) => `${paths.step(pageIndex + 1)}?${RETURN_TO_CONFIRMATION}`;
  const rows = pagesOf(product).flatMap((_, pageIndex) =>
    visibleOptionsOn(product, pageIndex, visible).map((option) => ({
      key: String(option.option_id),
      label: option.title,
      value: answerLabel(option, draft.answers[String(option.option_id)]) || t('wizard.notAnswered'),
      action: { to: stepLink(pageIndex), text: t('wizard.change'), hiddenText: option.title },
    })),
  );
  const last = lastPageIndex(product, visible);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    addToCart.mutate(
      { storeId, urlKey, answers: onlyVisible(draft.answers, visible) },
      {
        onSuccess: () => {
          clearDraft(storeId, urlKey);
          navigate('/tienda/cart');
        },
        onError: (error) => {
          if (isApiError(error, 422) && error.errors?.length) {
            setErrors(
              error.errors.map((e) => {
                const page = pageOfOption(product, e.option_id);
                return { href: page === null ? '#main' : stepLink(page), text: e.message };
              }),
            );
          } else {
            setErrors([]);
            setFailure(error);
          }
        },
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
            {failure ? <Alert>{errorText(failure, t)}</Alert> : null}
            <PageHeading caption={product.name}>{t('wizard.checkTitle')}</PageHeading>
            {rows.length > 0 ? <SummaryList rows={rows} /> : <p>{t('wizard.noQuestions')}</p>}
            <form noValidate onSubmit={submit}>
              <Button pending={addToCart.isPending}>{t('wizard.addToCart')}</Button>
            </form>
          </>
        }
        side={<PricePanel price={result.price} updating={evaluation.isFetching} />}
      />
    </>
  );
}
