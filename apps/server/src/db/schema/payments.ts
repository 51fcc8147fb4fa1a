// Payments, the provider notifications received, and each customer's preferred payment method.
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PaymentStatus } from '@ventanilla/domain';
import { centsColumn, createdAt, updatedAt } from './columns.js';
import { orders } from './orders.js';
import { users } from './customers.js';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    amount: centsColumn('amount').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** created | pending | captured | failed | canceled */
    status: text('status').$type<PaymentStatus>().notNull().default('created'),
    failureCode: text('failure_code'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    // Payment methods: what the customer must do to pay later (Multibanco entity/reference, transfer
    // details), when an asynchronous payment expires, and the agent who confirmed a bank transfer.
    instructions: jsonb('instructions').$type<Record<string, string>>(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    confirmedBy: integer('confirmed_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    index('payments_order_idx').on(t.orderId),
  ],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    payload: jsonb('payload').notNull(),
    /** applied | ignored (out of order, unknown payment...) */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_uq').on(t.provider, t.eventId)],
);

/** The customer's remembered payment method: provider tokens, brand, last four digits and expiry only, never a card number. */
export const customerPaymentPreferences = pgTable('customer_payment_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** cc | paypal | bizum | multibanco | sibsmb | sibsmbway | bank */
  method: text('method').notNull(),
  provider: text('provider'),
  providerToken: text('provider_token'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  /** The customer's bank account (IBAN, validated by the domain's validateIban), set by staff. */
  iban: text('iban'),
  updatedAt: updatedAt(),
});
