import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { PaymentMethodCode } from '../../../shared/lib/api-contract';

/** POST /api/checkout: turns the cart into an order; the Idempotency-Key makes a repeat return the same order. */
export function useCheckout() {
  return useMutation({
    mutationFn: (input: {
      paymentMethod: string;
      idempotencyKey: string;
      quoteId?: number;
      /** The consents and, when asked for, the full invoice's holder (payment-form.tsx). */
      extra: Record<string, unknown>;
    }) =>
      api.POST('/api/checkout', {
        body: {
          payment_method: input.paymentMethod as PaymentMethodCode,
          ...(input.quoteId !== undefined ? { quote_id: input.quoteId } : {}),
          ...input.extra,
        },
        headers: { 'Idempotency-Key': input.idempotencyKey },
      }),
  });
}

/** POST /api/orders/{order_id}/pay: a new payment attempt for an unpaid order of this customer. */
export function useRetryPayment() {
  return useMutation({
    mutationFn: (input: { orderId: string; paymentMethod: string; consents?: Record<string, boolean> }) =>
      api.POST('/api/orders/{orderId}/pay', {
        params: { path: { orderId: input.orderId } },
        body: {
          payment_method: input.paymentMethod as PaymentMethodCode,
          ...input.consents,
        },
      }),
  });
}
