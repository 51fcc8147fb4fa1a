// The sandbox payment provider's own books (it plays a separate company): its payments and refunds.
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { centsColumn, createdAt, updatedAt } from './columns.js';

export const sandboxPayments = pgTable('sandbox_payments', {
  ref: text('ref').primaryKey(),
  merchantReference: text('merchant_reference').notNull(),
  amount: centsColumn('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  returnUrl: text('return_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  notifyUrl: text('notify_url').notNull(),
  idempotencyKey: text('idempotency_key').unique(),
  /** requires_payment_method | requires_action | succeeded | failed | canceled */
  status: text('status').notNull().default('requires_payment_method'),
  failureCode: text('failure_code'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  threeDs: text('three_ds'),
  // Payment methods: cc | paypal | bizum | multibanco | sibsmb | sibsmbway, the phone of Bizum / MB WAY,
  // the Bizum one-time code, the Multibanco entity/reference, when a pending payment expires, and where the browser
  // returns after a 3-D Secure challenge.
  method: text('method').notNull().default('cc'),
  phone: text('phone'),
  otpCode: text('otp_code'),
  otpExpiresAt: timestamp('otp_expires_at', { withTimezone: true, mode: 'date' }),
  otpAttempts: integer('otp_attempts').notNull().default(0),
  mbEntity: text('mb_entity'),
  mbReference: text('mb_reference'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  threeDsReturnUrl: text('three_ds_return_url'),
  /** MM/YY of the card, sent back in the notification with a reusable token (the card number is never kept). */
  cardExp: text('card_exp'),
  /** Who is paid, as the hosted pages name it (the store's seller, docs/legal-entities.md); the shop's brand if null. */
  merchantName: text('merchant_name'),
  /** Notification events not yet acknowledged by the merchant (retried). */
  pendingEvents: jsonb('pending_events')
    .$type<Array<{ body: string; attempts: number; next_at: string }>>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The sandbox provider's refunds (its own books, like sandbox_payments). */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  ref: text('ref').primaryKey(),
  paymentRef: text('payment_ref').notNull(),
  amount: centsColumn('amount').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: createdAt(),
});
