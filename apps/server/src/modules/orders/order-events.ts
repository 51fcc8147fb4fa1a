import type { Tx } from '../../db/database.js';

/** What is known when an order becomes paid. */
export interface OrderPaidEvent {
  orderId: number;
  /** The payment that paid it (null when an agent confirms a payment made outside a provider, e.g. a transfer). */
  paymentId: number | null;
}

export type OrderPaidListener = (tx: Tx, event: OrderPaidEvent) => Promise<void>;

/**
 * In-process domain events of orders. Listeners run inside the transaction that changed the order, so what they
 * write (an invoice, an outbox email) commits or rolls back with the state change: exactly once, never lost.
 */
export class OrderEvents {
  private readonly paidListeners: OrderPaidListener[] = [];

  onPaid(listener: OrderPaidListener): void {
    this.paidListeners.push(listener);
  }

  async paid(tx: Tx, event: OrderPaidEvent): Promise<void> {
    for (const listener of this.paidListeners) await listener(tx, event);
  }
}
