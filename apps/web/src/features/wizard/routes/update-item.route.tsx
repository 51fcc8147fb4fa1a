import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { isApiError } from '../../../shared/lib/api-client';
import type { OptionError, Product } from '../../../shared/lib/api-contract';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, BackLink, Button, Columns, ErrorSummary, Link, PageHeading, Spinner } from '../../../shared/ui';
import { useEvaluation } from '../api/evaluate-product';
import { useItemAnswers, useSaveItemAnswers, type ItemAnswers } from '../api/item-answers';
import { optionInputId } from '../components/option-field';
import { QuestionList } from '../components/question-list';
import { PricePanel } from '../components/price-panel';
import { ProductLoader } from '../components/product-loader';
import { errorSummaryText, pagesOf, reevaluationTriggers, withoutEmpty, type Answers } from '../lib/wizard-pages';

/** History state the order page reads after a correction. */
export interface CorrectedState {
  corrected?: boolean;
}

const TEXT_REEVALUATE_DELAY_MS = 600;

/** Text answers as the wizard keeps them; other shapes (documents) are kept aside and sent back untouched. */
function split(answers: Record<string, unknown>): { texts: Answers; others: Record<string, unknown> } {
  const texts: Answers = {};
  const others: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(answers)) {
    if (typeof value === 'string') texts[id] = value;
    else if (typeof value === 'number') texts[id] = String(value);
    else if (Array.isArray(value)) texts[id] = value.join(',');
    else others[id] = value;
  }
  return { texts, others };
}

/**
 * `/tienda/product/actualizar/:orderId/:itemId`: a customer completes or corrects the answers of an order line on one
 * page (every visible question, in wizard order). The server re-evaluates them and refuses a change of price.
 */
export function UpdateItemRoute() {
  const t = useT();
  const { orderId = '', itemId = '' } = useParams();
  const item = useItemAnswers(orderId, itemId);
  useDocumentTitle(t('flows.correctTitle'));
  const back = `/orders/detail/${encodeURIComponent(orderId)}`;

  if (item.isPending) return <Spinner />;
  if (isApiError(item.error, 404)) {
    return (
      <>
        <BackLink to="/orders" />
        <PageHeading>{t('orders.notFoundTitle')}</PageHeading>
        <p>{t('orders.notFoundBody')}</p>
      </>
    );
  }
  if (item.isError) return <Alert>{errorText(item.error, t)}</Alert>;
  const data = item.data;
  if (!data.editable || !data.url_key) {
    return (
      <>
        <BackLink to={back} />
        <PageHeading caption={data.product_name}>{t('flows.correctTitle')}</PageHeading>
        <p>{t(data.url_key ? 'flows.correctNotEditable' : 'flows.correctNotOffered')}</p>
        <p>
          <Link to={back}>{t('orders.backToList')}</Link>
        </p>
      </>
    );
  }
  return (
    <ProductLoader storeId={data.store_id} urlKey={data.url_key}>
      {(product) => <CorrectionForm item={data} urlKey={data.url_key!} product={product} back={back} />}
    </ProductLoader>
  );
}

function CorrectionForm({
  item,
  urlKey,
  product,
  back,
}: {
  item: ItemAnswers;
  urlKey: string;
  product: Product;
  back: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const initial = useMemo(() => split(item.answers), [item.answers]);
  const [values, setValues] = useState<Answers>(initial.texts);
  const [evaluated, setEvaluated] = useState<Answers>(() => withoutEmpty(initial.texts));
  const evaluation = useEvaluation(item.store_id, urlKey, evaluated);
  const save = useSaveItemAnswers(String(item.order_id), String(item.item_id));
  const [errors, setErrors] = useState<OptionError[]>([]);
  const [refusal, setRefusal] = useState<unknown>(null);
  const triggers = useMemo(() => reevaluationTriggers(product), [product]);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useDocumentTitle(t('flows.correctTitle'), errors.length > 0);

  const visible = new Set(evaluation.data?.visible ?? []);
  const byId = new Map(product.options.map((o) => [o.option_id, o]));
  // Every visible question in wizard order, then those of the check-answers page; documents are not changed here.
  const ordered = [...new Set([...pagesOf(product).flat(), ...product.options.map((o) => o.option_id)])]
    .filter((id) => visible.has(id))
    .map((id) => byId.get(id))
    .filter((o): o is NonNullable<typeof o> => o !== undefined && o.type !== 'file');
  const errorFor = new Map(errors.map((e) => [e.option_id, e.message]));

  function change(optionId: number, value: string, immediate: boolean) {
    const next = { ...values, [String(optionId)]: value };
    setValues(next);
    if (!triggers.has(optionId)) return;
    window.clearTimeout(timer.current);
    if (immediate) setEvaluated(withoutEmpty(next));
    else timer.current = window.setTimeout(() => setEvaluated(withoutEmpty(next)), TEXT_REEVALUATE_DELAY_MS);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(null);
    // Only the answers of visible questions are sent: the server drops hidden ones anyway.
    const answers = {
      ...initial.others,
      ...Object.fromEntries(Object.entries(withoutEmpty(values)).filter(([id]) => visible.has(Number(id)))),
    };
    save.mutate(answers, {
      onSuccess: () => {
        const state: CorrectedState = { corrected: true };
        navigate(back, { state });
      },
      onError: (error) => {
        if (isApiError(error, 422) && error.errors?.length) {
          setErrors(error.errors);
          setEvaluated(withoutEmpty(values));
        } else {
          setErrors([]);
          setRefusal(error);
        }
      },
    });
  }

  if (evaluation.isPending) return <Spinner />;
  if (evaluation.isError && !evaluation.data) return <Alert>{errorText(evaluation.error, t)}</Alert>;

  return (
    <>
      <BackLink to={back} />
      <Columns
        main={
          <>
            <ErrorSummary
              errors={errors.map((e) => ({
                href: `#${optionInputId(e.option_id)}`,
                text: errorSummaryText(product, e),
              }))}
            />
            {refusal ? <Alert>{errorText(refusal, t)}</Alert> : null}
            <PageHeading caption={`${product.name} · ${item.order_id}`}>{t('flows.correctTitle')}</PageHeading>
            <p>{t('flows.correctIntro')}</p>
            <form noValidate onSubmit={submit}>
              <QuestionList
                questions={ordered}
                values={values}
                errors={errorFor}
                onChange={change}
                context={{ options: product.options, answers: values, pricing: product }}
              />
              <Button pending={save.isPending}>{t('flows.correctSave')}</Button>
            </form>
          </>
        }
        side={<PricePanel price={evaluation.data?.price} updating={evaluation.isFetching} />}
      />
    </>
  );
}
