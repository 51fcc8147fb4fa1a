// Paid orders for the back-office journeys, placed through the API as a customer would (nota simple, bank transfer)
// and paid by an agent confirming the transfer: each item lands in status 40 Pendiente, work for the queue.
import { expect, type BrowserContext } from '@playwright/test';
import { apiCall } from './api.js';

const NOTA_SIMPLE_ANSWERS = {
  '78': '5028',
  '79': '28005',
  '80': 'Calle Mayor 1, 2º B',
  '77': 'Juan Español',
  '411': '3781',
};

/**
 * Registers the customer of this context (store 1). Its open pages are let finish their first requests before: a page
 * that is still opening its session and this call's own first request would each open one without a cookie, and the
 * CSRF token read here would belong to the session whose cookie was overwritten (a 403).
 */
export async function registerCustomer(customer: BrowserContext, email: string): Promise<void> {
  for (const page of customer.pages()) await page.waitForLoadState('networkidle');
  const registered = await apiCall(customer, 'POST', '/api/auth/register', {
    email,
    password: 'correct-horse-battery',
    firstname: 'Lucía',
    lastname: 'Pérez',
  });
  expect(registered.status).toBe(201);
}

/** Places and pays one nota simple order; returns its order id and its item id. */
export async function paidOrder(
  customer: BrowserContext,
  staff: BrowserContext,
): Promise<{ orderId: number; itemId: number }> {
  const added = await apiCall(customer, 'POST', '/api/cart/items', {
    store_id: 1,
    url_key: 'nota-simple',
    answers: NOTA_SIMPLE_ANSWERS,
  });
  expect(added.status).toBe(201);
  const checkout = await apiCall(customer, 'POST', '/api/checkout', {
    payment_method: 'bank',
    accept_terms: true,
    start_now: true,
  });
  expect(checkout.status).toBe(201);
  const orderId = (checkout.json as { order_id: number }).order_id;
  const confirmed = await apiCall(staff, 'POST', `/api/backoffice/orders/${orderId}/confirm-transfer`, {});
  expect(confirmed.status).toBe(200);
  const order = await apiCall(customer, 'GET', `/api/me/orders/${orderId}`);
  const itemId = (order.json as { items: { id: number }[] }).items[0]?.id;
  if (itemId === undefined) throw new Error(`order ${orderId} has no item`);
  return { orderId, itemId };
}
