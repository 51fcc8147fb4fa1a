import { withdrawalFormVariant } from '@ventanilla/domain';
import { useStoreInfo } from '../../../shared/auth';
import { useLanguage, useT, type MessageKey } from '../../../shared/i18n';
import type { ErrorSummaryItem } from '../../../shared/ui';
import { Checkbox, Link } from '../../../shared/ui';

/** The two boxes a consumer ticks before paying (docs/shop-flows.md, "Consents at checkout"); none is pre-ticked. */
export interface Consents {
  acceptTerms: boolean;
  startNow: boolean;
}

export const NO_CONSENTS: Consents = { acceptTerms: false, startNow: false };

/** The API's field names, in the order the page shows them. */
export const CONSENT_FIELDS = ['accept_terms', 'start_now'] as const;

/** The body fields POST /api/checkout (and the pay-by-link routes) expect: only a ticked box is sent as true. */
export function consentBody(consents: Consents) {
  return { accept_terms: consents.acceptTerms, start_now: consents.startNow };
}

/** The texts of the request to start at once: which words name the right the customer gives up. */
export interface StartNowWording {
  label: MessageKey;
  hint: MessageKey;
  required: MessageKey;
}

const START_NOW_WORDING = {
  withdraw: { label: 'checkout.startNow', hint: 'checkout.startNowHint', required: 'checkout.startNowRequired' },
  cancel: {
    label: 'checkout.cancel.startNow',
    hint: 'checkout.cancel.startNowHint',
    required: 'checkout.cancel.startNowRequired',
  },
} as const satisfies Record<string, StartNowWording>;

/**
 * The Directive's "withdrawal", or on English pages of a store in Ireland or the United Kingdom their law's "cancel"
 * (docs/withdrawal.md; the same choice as the model form the confirmation carries).
 */
export function useStartNowWording(): StartNowWording {
  const language = useLanguage();
  const store = useStoreInfo();
  const variant = withdrawalFormVariant(language, store.data?.country ?? '');
  return START_NOW_WORDING[variant === 'en-cancel' ? 'cancel' : 'withdraw'];
}

/**
 * The missing consents as inline errors and summary links (the same messages the server gives), checked before
 * anything is sent; `needStartNow`: a line starts at once (the cart's `required_consents`).
 */
export function consentProblems(
  consents: Consents,
  needStartNow: boolean,
  idPrefix: string,
  t: ReturnType<typeof useT>,
  wording: StartNowWording,
): { byField: Record<string, string>; summary: ErrorSummaryItem[] } {
  const byField: Record<string, string> = {};
  if (!consents.acceptTerms) byField.accept_terms = t('checkout.acceptTermsRequired');
  if (needStartNow && !consents.startNow) byField.start_now = t(wording.required);
  return {
    byField,
    summary: CONSENT_FIELDS.filter((f) => byField[f]).map((f) => ({ href: `#${idPrefix}-${f}`, text: byField[f]! })),
  };
}

/**
 * The terms link and the two boxes, with their inline errors. A box ticked on the server's markup before the page's
 * code arrived must count: the shared Checkbox reports it through onChange on hydration (useEarlyInput, on main since
 * c185a1f; the same fix as the radios'), and the updates are functional so two boxes adopted at once both stick.
 */
export function ConsentBoxes({
  idPrefix,
  value,
  onChange,
  needStartNow,
  errors,
}: {
  idPrefix: string;
  value: Consents;
  onChange: (next: (current: Consents) => Consents) => void;
  needStartNow: boolean;
  errors: Record<string, string | undefined>;
}) {
  const t = useT();
  const wording = useStartNowWording();
  return (
    <section className="checkout-consents" aria-labelledby={`${idPrefix}-consents-title`}>
      <h2 id={`${idPrefix}-consents-title`}>{t('checkout.consentsTitle')}</h2>
      <p>
        <Link to="/legal/condiciones" target="_blank" rel="noopener">
          {t('checkout.termsLink')}
        </Link>
      </p>
      <Checkbox
        id={`${idPrefix}-accept_terms`}
        name="accept_terms"
        label={t('checkout.acceptTerms')}
        checked={value.acceptTerms}
        onChange={(event) => {
          const checked = event.target.checked;
          onChange((c) => ({ ...c, acceptTerms: checked }));
        }}
        error={errors.accept_terms}
      />
      {needStartNow ? (
        <Checkbox
          id={`${idPrefix}-start_now`}
          name="start_now"
          label={t(wording.label)}
          hint={t(wording.hint)}
          checked={value.startNow}
          onChange={(event) => {
            const checked = event.target.checked;
            onChange((c) => ({ ...c, startNow: checked }));
          }}
          error={errors.start_now}
        />
      ) : null}
    </section>
  );
}
