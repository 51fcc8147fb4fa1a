import { Navigate, useLocation } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import type { Product } from '../../../shared/lib/api-contract';
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
} from '../../../shared/ui';
import { answerLabel } from '../lib/wizard-pages';
import type { WizardPaths } from '../lib/wizard-paths';
import { ExitPage, FlowNotice, type WizardLocationState } from './flow-outcome';
import { isPlaceCodeQuestion, PlaceName } from './place-field';
import { PricePanel } from './price-panel';
import { QuestionList } from './question-list';
import { useCheckAnswers, type CheckAnswersScreen } from './use-check-answers';

interface CheckAnswersProps {
  storeId: number;
  product: Product;
  urlKey: string;
  paths: WizardPaths;
}

/**
 * The check-answers page: every answer on the current route with a "Cambiar" link, the questions asked on this page
 * (questions on confirm, and the confirmation options of an early checkout), the price, and "Añadir al carrito".
 * The logic is the hook's (use-check-answers.ts); this is its view.
 */
export function CheckAnswers({ storeId, product, urlKey, paths }: CheckAnswersProps) {
  const t = useT();
  const page = useCheckAnswers({ storeId, product, urlKey, paths });
  switch (page.screen) {
    case 'pending':
      return <Spinner />;
    case 'failed':
      return <Alert>{errorText(page.error, t)}</Alert>;
    case 'redirecting':
      return page.failure ? <Alert>{errorText(page.failure, t)}</Alert> : <Spinner />;
    case 'exit':
      return <ExitPage product={product} message={page.message} changeTo={page.changeTo} catalogue={paths.catalogue} />;
    case 'missing':
      return <Navigate to={page.to} replace state={page.state} />;
    case 'ready':
      return <CheckAnswersForm product={product} page={page} />;
  }
}

function CheckAnswersForm({
  product,
  page,
}: {
  product: Product;
  page: Extract<CheckAnswersScreen, { screen: 'ready' }>;
}) {
  const t = useT();
  const location = useLocation();
  const { draft, confirmFields, values, readOnly } = page;
  const rows = page.rows.map(({ option, answer, changeTo }) => ({
    key: String(option.option_id),
    label: option.title,
    value:
      isPlaceCodeQuestion(option) && answer ? (
        <PlaceName option={option} code={answer} />
      ) : (
        answerLabel(option, answer) || t('wizard.notAnswered')
      ),
    action: { to: changeTo, text: t('wizard.change'), hiddenText: option.title },
  }));

  return (
    <>
      <BackLink to={page.backTo} />
      <Columns
        main={
          <>
            <ErrorSummary errors={page.errors} />
            <FlowNotice state={location.state as WizardLocationState | null} product={product} />
            {page.failure ? <Alert>{errorText(page.failure, t)}</Alert> : null}
            <PageHeading caption={product.name}>{t('wizard.checkTitle')}</PageHeading>
            {draft.editLine ? <p>{t('cartEdit.editingLine', { n: draft.editLine.position })}</p> : null}
            {rows.length > 0 ? <SummaryList rows={rows} /> : <p>{t('wizard.noQuestions')}</p>}
            <form noValidate onSubmit={page.submit}>
              {confirmFields.length > 0 ? (
                <>
                  <h2>{t('wizard.confirmQuestionsTitle')}</h2>
                  <QuestionList
                    questions={confirmFields}
                    values={values}
                    errors={page.fieldErrors}
                    onChange={page.change}
                    context={{ options: product.options, answers: { ...draft.answers, ...values }, pricing: product }}
                  />
                </>
              ) : null}
              {readOnly ? <p id="check-read-only">{t('impersonation.readOnlyAction')}</p> : null}
              <Button
                pending={page.pending}
                disabled={readOnly}
                aria-describedby={readOnly ? 'check-read-only' : undefined}
              >
                {draft.editLine ? t('cartEdit.save') : t('wizard.addToCart')}
              </Button>
            </form>
            <p className="wizard-restart">
              <LinkButton onClick={page.restart}>{t('wizard.restart')}</LinkButton>
            </p>
          </>
        }
        side={<PricePanel price={page.price} updating={page.updating} />}
      />
    </>
  );
}
