import type { ChannelHandler } from '../../db/pg-listener.js';
import type { PaymentWaiters } from './payment-waiters.js';

/** The channel a committed payment change is announced on (payments.service.ts), with the order id as payload. */
export const PAYMENT_CHANNEL = 'payment_changed';

/**
 * Brings the payment changes other instances commit to this one's waiting requests (through the app's PgListener).
 * While it is connected the waiters need no periodic re-read; when it is lost they re-read every second again and,
 * once it is back, all read their state again (a change may have come in between).
 */
export function paymentNotices(waiters: PaymentWaiters): ChannelHandler {
  return {
    channel: PAYMENT_CHANNEL,
    notified(payload) {
      const orderId = Number(payload);
      if (Number.isSafeInteger(orderId)) waiters.noticed(orderId);
    },
    connected() {
      waiters.crossInstance = true;
      // Changes committed while nothing listened were not heard: every waiter reads its state again.
      waiters.notifyAll();
    },
    lost() {
      waiters.crossInstance = false;
      waiters.notifyAll();
    },
  };
}
