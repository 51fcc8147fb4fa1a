// The invoice, its number and its Veri*Factu record are made by one statement that locks the issuer's chain head
// (invoicing.service.ts, verifactu.service.ts recordCtes). The head is made at boot; a database that lost it (restored
// from a copy without that row) refuses the payment's notification without issuing anything, makes the head again
// from the issuer's latest record, and the provider's next delivery is invoiced on an unbroken chain.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';
import { sendSandboxNotification } from '../support/payment-state.js';
import { createTestApp, placedCardOrder, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const rows = async (sql: string, params: unknown[] = []) => (await t.app.ctx.database.pool.query(sql, params)).rows;

it('the chain head exists from boot; a lost one refuses the payment, comes back from the latest record, and the retry is chained', async () => {
  expect(await rows("select last_hash from verifactu_chains where issuer_tax_id = 'B12345674'")).toHaveLength(1);
  const first = await placedCardOrder(t.app, 'head-first@example.com');
  await payOnSandbox(t.app, first.redirect_url, { number: '4242424242424242' });
  await waitFor(async () => (await rows('select 1 from invoices where order_id = $1', [first.order_id])).length === 1);
  const [latest] = await rows(
    "select id, hash from verifactu_records where issuer_tax_id = 'B12345674' order by id desc limit 1",
  );

  await rows("delete from verifactu_chains where issuer_tax_id = 'B12345674'");
  const second = await placedCardOrder(t.app, 'head-lost@example.com');
  const [payment] = await rows('select provider_ref, amount from payments where order_id = $1', [second.order_id]);
  const body = JSON.stringify({
    id: 'evt_head_lost',
    type: 'payment.succeeded',
    created: 0,
    data: { ref: payment.provider_ref, amount: payment.amount, currency: 'EUR', failure_code: null, card: null },
  });
  expect((await sendSandboxNotification(t.app, body)).statusCode).toBe(500);
  expect(await rows('select status from orders where order_id = $1', [second.order_id])).toEqual([
    { status: 'pending' },
  ]);
  expect(await rows('select 1 from invoices where order_id = $1', [second.order_id])).toEqual([]);
  // Made again, continuing from the issuer's latest record.
  await waitFor(
    async () => (await rows("select 1 from verifactu_chains where issuer_tax_id = 'B12345674'")).length === 1,
  );
  expect(
    await rows("select last_record_id, last_hash from verifactu_chains where issuer_tax_id = 'B12345674'"),
  ).toEqual([{ last_record_id: latest.id, last_hash: latest.hash }]);

  // The provider delivers again: paid, invoiced, chained to the record before.
  expect((await sendSandboxNotification(t.app, body)).statusCode).toBe(200);
  const [record] = await rows(
    `select r.previous_record_id, r.previous_hash from verifactu_records r join invoices i on i.id = r.invoice_id
      where i.order_id = $1`,
    [second.order_id],
  );
  expect(record).toEqual({ previous_record_id: latest.id, previous_hash: latest.hash });
  expect((await t.app.ctx.verifactu.checkChain('B12345674')).ok).toBe(true);
});
