import { Navigate, useLocation } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import type { Product } from '../../../shared/lib/api-contract';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
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
import { questionBlocks } from '@ventanilla/domain';
import { hasProgress } from '../lib/draft-storage';
import {
  errorSummaryText,
  exitAnswerPage,
  nextPageIndex,
  previousPageIndex,
  visibleOptionsOn,
} from '../lib/wizard-pages';
import { RETURN_TO_CONFIRMATION, type WizardPaths } from '../lib/wizard-paths';
import { ExitPage, FlowNotice } from './flow-outcome';
import { optionInputId } from './option-field';
import { PricePanel } from './price-panel';
import { QuestionList } from './question-list';
import { ReuseLastForm } from './reuse-last-form';
import { REVIEW_INTENT, useWizardStep } from './use-wizard-step';

interface WizardStepProps {
  storeId: number;
  product: Product;
  urlKey: string;
  paths: WizardPaths;
  /** 1-based page number from the address (`step3`). */
  stepNumber: number;
}

/**
 * One wizard page: the visible questions of the page, a Back link, "Continuar" and the live price.
 * Continuar asks the server to evaluate every answer so far and shows only this page's errors; an exit shows the
 * exit page, a redirect moves to the other product with the answers, early checkout offers the check-answers page.
 * The logic is the hook's (use-wizard-step.ts); this is its view.
 */
export function WizardStep({ storeId, product, urlKey, paths, stepNumber }: WizardStepProps) {
  const t = useT();
  const format = useFormat();
  const location = useLocation();
  const step = useWizardStep({ storeId, product, urlKey, paths, stepNumber });
  const { state, pages, pageIndex, returning, locationState, evaluation, exit, visible } = step;
  const { browserState, initialDraft, values, errors, failure, moving } = state;
  const options = visibleOptionsOn(product, pageIndex, visible);
  // Embedded questions belong to the block before them and name no heading (docs/shop-flows.md, "Display flags").
  const leads = questionBlocks(options).map((b) => b.lead);
  const single = leads.length === 1;
  const heading = single ? leads[0]!.title : format.list(leads.map((o) => o.title));

  useDocumentTitle(exit ? t('wizard.exitTitle') : evaluation.data ? heading : product.name, errors.length > 0 && !exit);

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
  const earlyCheckout =
    evaluation.data?.outcome.type === 'early_checkout' && !returning && !evaluation.isPlaceholderData;

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
            <ErrorSummary
              errors={errors.map((e) => ({
                href: `#${optionInputId(e.option_id)}`,
                text: errorSummaryText(product, e),
              }))}
            />
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
            {/* Without JavaScript the page posts to the server's own form route, which evaluates it the same way
                (docs/decisions/0027-forms-without-javascript.md); with it, submit() takes over. */}
            <form noValidate method="post" action={`/html/tienda/${urlKey}/step${stepNumber}`} onSubmit={step.submit}>
              <QuestionList
                questions={options}
                asHeading={single}
                values={values}
                errors={errorFor}
                onChange={step.change}
                context={{
                  options: product.options,
                  answers: { ...initialDraft.answers, ...values },
                  pricing: product,
                }}
                fill={{ onFill: step.fillAnswers, visible }}
                onError={step.setFieldError}
              />
              {earlyCheckout ? <p className="wizard-early">{t('wizard.earlyCheckoutText')}</p> : null}
              <div className="button-group">
                <Button pending={step.submitting}>{t('wizard.continue')}</Button>
                {earlyCheckout ? (
                  <Button variant="secondary" name="intent" value={REVIEW_INTENT} pending={step.submitting}>
                    {t('wizard.earlyCheckoutButton')}
                  </Button>
                ) : null}
              </div>
            </form>
            {hasProgress(initialDraft) || Object.values(values).some((v) => v !== '') ? (
              <p className="wizard-restart">
                <LinkButton onClick={step.restart}>{t('wizard.restart')}</LinkButton>
              </p>
            ) : null}
          </>
        }
        side={<PricePanel price={evaluation.data?.price} updating={evaluation.isFetching} />}
      />
    </>
  );
}
