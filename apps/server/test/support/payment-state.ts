import type { FastifyInstance } from 'fastify';
import { signatureHeader } from '../../src/modules/payments/sandbox/sandbox-signature.js';

export const SANDBOX_NOTIFICATIONS_URL = '/api/payments/sandbox/notifications';

/** Posts a sandbox notification signed as the sandbox does (with another secret or time when asked). */
export function sendSandboxNotification(
  app: FastifyInstance,
  body: string,
  options: { secret?: string; at?: number } = {},
) {
  const at = options.at ?? Math.floor(Date.now() / 1000);
  return app.inject({
    method: 'POST',
    url: SANDBOX_NOTIFICATIONS_URL,
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': signatureHeader(options.secret ?? app.ctx.config.sandboxWebhookSecret, at, body),
    },
  });
}

/** What a payment notification may change: the order, its items' panel status, the "paid" history, the payment, its events. */
export async function orderPaymentState(app: FastifyInstance, orderId: number) {
  const pool = app.ctx.database.pool;
  const order = (await pool.query('select status from orders where order_id = $1', [orderId])).rows[0];
  const items = (await pool.query('select panel_status_id from order_items where order_id = $1', [orderId])).rows;
  const history = (
    await pool.query(
      "select count(*)::int as n from item_history h join order_items i on i.item_id = h.item_id where i.order_id = $1 and h.accion = 'pago_confirmado'",
      [orderId],
    )
  ).rows[0].n as number;
  const payment = (await pool.query('select status from payments where order_id = $1', [orderId])).rows[0];
  const events = (
    await pool.query(
      'select count(*)::int as n from payment_events e join payments p on p.id = e.payment_id where p.order_id = $1',
      [orderId],
    )
  ).rows[0].n as number;
  return {
    status: order.status as string,
    items: items.map((i) => i.panel_status_id as number),
    history,
    payment: payment.status as string,
    events,
  };
}
