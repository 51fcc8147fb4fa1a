import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../../shared/i18n';
import type { EvaluationOutcome, Product } from '../../../shared/lib/api-contract';
import { BackLink, Link, PageHeading } from '../../../shared/ui';
import { productListQuery, productQuery } from '../api/get-product';
import { updateDraft } from '../lib/draft-storage';
import { carryAnswers, pageOfStepSaved, type Answers } from '../lib/wizard-pages';
import { pathsForProduct } from '../lib/wizard-paths';

/** History state the wizard's pages understand. */
export interface WizardLocationState {
  /** Set by the check-answers page when it sends the user back to a page with missing answers. */
  showErrors?: boolean;
  /** Set by a redirect: the name of the product the user came from (the target page says why it moved). */
  redirectedFrom?: string;
  /** Set by "Volver a empezar". */
  restarted?: boolean;
}

/** Query flag of a step page showing the exit of the answers given ("?exit=1"): Back returns to the question. */
export const EXIT_PARAM = 'exit';

/** Moves focus to the page's <h1>, as a route change does, for content that changes without a new address. */
export function focusHeading(): void {
  window.requestAnimationFrame(() => {
    window.scrollTo(0, 0);
    document.querySelector<HTMLElement>('#main h1')?.focus({ preventScroll: true });
  });
}

/**
 * Follows a redirect outcome: loads the target product, carries the answers already given into its draft (only
 * those it also asks: never ask twice), and opens its wizard at `step_saved`, saying why on arrival.
 */
export function useFollowRedirect(storeId: number, from: Product) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (outcome: EvaluationOutcome, given: Answers) => {
      let urlKey = outcome.url_key;
      if (!urlKey) {
        const list = await queryClient.fetchQuery(productListQuery(storeId));
        urlKey = list.items.find((p) => p.product_id === outcome.product_id)?.url_key;
      }
      if (!urlKey) throw new Error('redirect target not offered in this store');
      const target = await queryClient.fetchQuery(productQuery(storeId, urlKey));
      const carried = carryAnswers(outcome.answers ?? given, target);
      const page = pageOfStepSaved(target, outcome.step_saved);
      const paths = pathsForProduct(urlKey);
      updateDraft(storeId, urlKey, (d) => ({
        ...d,
        answers: { ...d.answers, ...carried },
        seen: [...new Set([...d.seen, ...Object.keys(carried).map(Number)])],
        lastPath: paths.step(page + 1),
        lastStep: page + 1,
      }));
      const state: WizardLocationState = { redirectedFrom: from.name };
      navigate(paths.step(page + 1), { state });
    },
    [queryClient, navigate, storeId, from.name],
  );
}

interface ExitPageProps {
  product: Product;
  message: string;
  /** The page holding the answer that led here. */
  changeTo: string;
  catalogue: string;
}

/**
 * Eligibility is not a validation error: the answers given rule this procedure out. Says why and what the user can
 * do instead (change the answer, or look for another procedure).
 */
export function ExitPage({ product, message, changeTo, catalogue }: ExitPageProps) {
  const t = useT();
  const focused = useRef(false);
  useEffect(() => {
    if (focused.current) return;
    focused.current = true;
    focusHeading();
  }, []);
  return (
    <>
      <BackLink to={changeTo} />
      <PageHeading caption={product.name}>{t('wizard.exitTitle')}</PageHeading>
      <p className="wizard-exit__message">{message || t('wizard.exitDefault')}</p>
      <h2>{t('wizard.exitWhatNow')}</h2>
      <ul>
        <li>
          <Link to={changeTo}>{t('wizard.exitChangeAnswers')}</Link>
          {t('wizard.exitChangeHint')}
        </li>
        <li>
          <Link to={catalogue}>{t('wizard.exitOtherProcedures')}</Link>
        </li>
      </ul>
    </>
  );
}

/** The notice on a page the user reached by a redirect, or after "Volver a empezar". */
export function FlowNotice({ state, product }: { state: WizardLocationState | null; product: Product }) {
  const t = useT();
  if (state?.redirectedFrom) {
    return (
      <div className="inset-text wizard-notice" role="status">
        <p>{t('wizard.redirectNotice', { to: product.name, from: state.redirectedFrom })}</p>
      </div>
    );
  }
  if (state?.restarted) {
    return (
      <div className="inset-text wizard-notice" role="status">
        <p>{t('wizard.restartedNotice')}</p>
      </div>
    );
  }
  return null;
}
