import { useT } from '../../../shared/i18n';
import { useHydrated } from '../../../shared/lib/use-hydrated';
import { lastFailedOrder } from '../lib/payment-flags';
import { METHOD_NAMES } from '../lib/payment-reasons';
import { PayAgainForm } from './pay-again';

/** The last order whose payment failed, paid again in one click with the same method (nothing to re-enter). */
export function LastFailedOrder() {
  const t = useT();
  // In this browser's storage: read once the server's markup is hydrated (the server cannot know it).
  const failed = useHydrated() ? lastFailedOrder() : null;
  if (!failed) return null;
  const name = METHOD_NAMES[failed.method];
  const method = name ? t(name) : failed.method;
  return (
    <section className="last-failed" aria-labelledby="last-failed-title">
      <h2 id="last-failed-title">{t('payment.lastFailedTitle', { order: failed.orderId })}</h2>
      <p>{t('payment.lastFailedText', { order: failed.orderId })}</p>
      <PayAgainForm orderId={failed.orderId} method={failed.method} label={t('payment.payAgainWith', { method })} />
    </section>
  );
}
