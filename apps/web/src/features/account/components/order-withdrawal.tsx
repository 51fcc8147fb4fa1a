import { withdrawalFormVariant } from '@ventanilla/domain';
import { useEffect, useRef, useState } from 'react';
import { errorText, useStoreInfo } from '../../../shared/auth';
import { useFormat, useLanguage, useT, type MessageKey } from '../../../shared/i18n';
import type { CustomerOrder, WithdrawalDone } from '../../../shared/lib/api-contract';
import { Alert, Button, ButtonGroup, LinkButton } from '../../../shared/ui';
import { useWithdrawOrder } from '../api/get-my-orders';

/** A calendar day (ISO date) as an instant that is that day in every browser time zone (noon UTC). */
function dayAt(isoDay: string): string {
  return `${isoDay}T12:00:00Z`;
}

type WordingKey =
  'heading' | 'intro' | 'start' | 'confirmTitle' | 'confirm' | 'doneTitle' | 'withdrawn' | 'periodOver' | 'performed';

/**
 * The words that name the right: the Directive's "withdraw", or "cancel" on English pages of a store in Ireland or the
 * United Kingdom, as their law says (docs/withdrawal.md; the same choice as the model form sent by e-mail).
 */
const WORDING = {
  withdraw: {
    heading: 'withdrawal.heading',
    intro: 'withdrawal.intro',
    start: 'withdrawal.start',
    confirmTitle: 'withdrawal.confirmTitle',
    confirm: 'withdrawal.confirm',
    doneTitle: 'withdrawal.doneTitle',
    withdrawn: 'withdrawal.withdrawn',
    periodOver: 'withdrawal.periodOver',
    performed: 'withdrawal.performed',
  },
  cancel: {
    heading: 'cancellation.heading',
    intro: 'cancellation.intro',
    start: 'cancellation.start',
    confirmTitle: 'cancellation.confirmTitle',
    confirm: 'cancellation.confirm',
    doneTitle: 'cancellation.doneTitle',
    withdrawn: 'cancellation.withdrawn',
    periodOver: 'cancellation.periodOver',
    performed: 'cancellation.performed',
  },
} as const satisfies Record<string, Record<WordingKey, MessageKey>>;

/**
 * "Desistir del pedido" on the order page (docs/withdrawal.md): offered while the server says the order can be
 * withdrawn (paid, nothing performed, within the 14 days), with a confirmation step; the server checks everything
 * again. Afterwards it says what was done; a refused order says why in the store's language.
 */
export function OrderWithdrawal({ order }: { order: CustomerOrder }) {
  const t = useT();
  const format = useFormat();
  const store = useStoreInfo();
  const words =
    WORDING[withdrawalFormVariant(useLanguage(), store.data?.country ?? '') === 'en-cancel' ? 'cancel' : 'withdraw'];
  const orderId = String(order.order_id);
  const withdraw = useWithdrawOrder(orderId);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<WithdrawalDone | null>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const doneRegion = useRef<HTMLDivElement>(null);
  const state = order.withdrawal;

  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (done) doneRegion.current?.focus();
  }, [done]);

  if (done) {
    return (
      <div ref={doneRegion} tabIndex={-1}>
        <Alert tone="success" title={t(words.doneTitle)}>
          <p>
            {done.credit_note_number
              ? t('withdrawal.doneBody', { amount: format.money(done.refunded), note: done.credit_note_number })
              : t('withdrawal.doneBodyNoRefund')}
          </p>
        </Alert>
      </div>
    );
  }
  if (!state) return null;
  if (state.withdrawn_at) return <p>{t(words.withdrawn, { date: format.dateTime(state.withdrawn_at) })}</p>;
  if (state.refusal === 'period_over')
    return <p>{t(words.periodOver, { date: format.date(dayAt(state.last_day)) })}</p>;
  if (state.refusal === 'performed') return <p>{t(words.performed)}</p>;
  if (!state.allowed) return null;

  const submit = () =>
    withdraw.mutate(undefined, {
      onSuccess: (result) => {
        setConfirming(false);
        setDone(result);
      },
    });

  return (
    <section className="order-withdrawal" aria-labelledby="withdrawal-heading">
      <h2 id="withdrawal-heading">{t(words.heading)}</h2>
      <p>{t(words.intro, { date: format.date(dayAt(state.last_day)) })}</p>
      {withdraw.isError ? <Alert>{errorText(withdraw.error, t)}</Alert> : null}
      {confirming ? (
        <div role="group" aria-labelledby="withdrawal-confirm-heading">
          <h3 id="withdrawal-confirm-heading" ref={confirmHeading} tabIndex={-1}>
            {t(words.confirmTitle, { order: orderId })}
          </h3>
          <p>{t('withdrawal.confirmBody')}</p>
          <ButtonGroup>
            <Button type="button" variant="warning" pending={withdraw.isPending} onClick={submit}>
              {t(words.confirm)}
            </Button>
            <LinkButton
              onClick={() => {
                setConfirming(false);
                // Back to where the customer started.
                requestAnimationFrame(() => document.getElementById('withdrawal-start')?.focus());
              }}
            >
              {t('withdrawal.keep')}
            </LinkButton>
          </ButtonGroup>
        </div>
      ) : (
        <Button id="withdrawal-start" type="button" variant="secondary" onClick={() => setConfirming(true)}>
          {t(words.start)}
        </Button>
      )}
    </section>
  );
}
