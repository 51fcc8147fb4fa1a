import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { reusableStatement } from '../../db/statements.js';
import { customerPaymentPreferences, orders } from '../../db/schema.js';
import type { PaymentMethodCode, ProviderEvent } from './payment-provider.js';

export interface PreferredPayment {
  method: PaymentMethodCode;
  card: { brand: string | null; last4: string | null; exp_month: number | null; exp_year: number | null } | null;
}

/**
 * Remembers how the customer of an order last paid successfully (the spec's payment.preferred_payment). For a card
 * only the provider's token, brand, last four digits and expiry are kept; a later non-card payment keeps the card.
 */
export async function rememberPreferredPayment(
  tx: DbOrTx,
  payment: { orderId: number; method: string; provider: string },
  event: Pick<ProviderEvent, 'paymentMethod' | 'card'>,
  /** The order's customer, when the caller read it already (otherwise it is read here). */
  knownCustomerId?: number | null,
): Promise<void> {
  const customerId =
    knownCustomerId !== undefined
      ? knownCustomerId
      : (await tx.select({ customerId: orders.customerId }).from(orders).where(eq(orders.orderId, payment.orderId)))[0]
          ?.customerId;
  if (!customerId) return;
  const { card, values } = preferenceOf(payment, event, customerId);
  await (card ? rememberCard : rememberMethod)(tx, values);
}

/** The builder of a statement: a handle, or a handle with CTEs before it (db.with(...)). */
type InsertBuilder = Pick<DbOrTx, 'insert'>;

/** A payment by another method than a saved card: the method is remembered, the card kept. */
export const rememberMethodQuery = (db: InsertBuilder) =>
  db
    .insert(customerPaymentPreferences)
    .values({ userId: sql.placeholder('userId'), method: sql.placeholder('method') })
    .onConflictDoUpdate({
      target: customerPaymentPreferences.userId,
      set: { method: sql`excluded.method`, updatedAt: sql`now()` },
    });

/** A card payment with the provider's reusable token: method and card remembered. */
export const rememberCardQuery = (db: InsertBuilder) =>
  db
    .insert(customerPaymentPreferences)
    .values({
      userId: sql.placeholder('userId'),
      method: sql.placeholder('method'),
      provider: sql.placeholder('provider'),
      providerToken: sql.placeholder('providerToken'),
      cardBrand: sql.placeholder('cardBrand'),
      cardLast4: sql.placeholder('cardLast4'),
      cardExpMonth: sql.placeholder('cardExpMonth'),
      cardExpYear: sql.placeholder('cardExpYear'),
    })
    .onConflictDoUpdate({
      target: customerPaymentPreferences.userId,
      set: {
        method: sql`excluded.method`,
        provider: sql`excluded.provider`,
        providerToken: sql`excluded.provider_token`,
        cardBrand: sql`excluded.card_brand`,
        cardLast4: sql`excluded.card_last4`,
        cardExpMonth: sql`excluded.card_exp_month`,
        cardExpYear: sql`excluded.card_exp_year`,
        updatedAt: sql`now()`,
      },
    });

const rememberMethod = reusableStatement('payment_preference_method', rememberMethodQuery);
const rememberCard = reusableStatement('payment_preference_card', rememberCardQuery);

/**
 * What rememberPreferredPayment writes for a payment: the card (with the provider's token) or only the method, as
 * the placeholders' values of rememberCardQuery or rememberMethodQuery.
 */
export function preferenceOf(
  payment: { method: string; provider: string },
  event: Pick<ProviderEvent, 'paymentMethod' | 'card'>,
  customerId: number,
): { card: boolean; values: Record<string, unknown> } {
  const pm = payment.method === 'cc' ? event.paymentMethod : undefined;
  if (!pm) return { card: false, values: { userId: customerId, method: payment.method } };
  return {
    card: true,
    values: {
      userId: customerId,
      method: payment.method,
      provider: payment.provider,
      providerToken: pm.token,
      cardBrand: pm.brand ?? event.card?.brand ?? null,
      cardLast4: pm.last4 ?? event.card?.last4 ?? null,
      cardExpMonth: pm.expMonth ?? null,
      cardExpYear: pm.expYear ?? null,
    },
  };
}

/** The customer's preferred payment, or null. */
export async function preferredPayment(db: DbOrTx, userId: number): Promise<PreferredPayment | null> {
  const [row] = await db.select().from(customerPaymentPreferences).where(eq(customerPaymentPreferences.userId, userId));
  if (!row) return null;
  return {
    method: row.method as PaymentMethodCode,
    card: row.providerToken
      ? { brand: row.cardBrand, last4: row.cardLast4, exp_month: row.cardExpMonth, exp_year: row.cardExpYear }
      : null,
  };
}

/** Sets the preferred method, or forgets the saved card ("remove_cc" of the spec). */
export async function setPreferredPayment(
  db: DbOrTx,
  userId: number,
  choice: PaymentMethodCode | 'remove_cc',
): Promise<void> {
  if (choice === 'remove_cc') {
    const forget = {
      providerToken: null,
      provider: null,
      cardBrand: null,
      cardLast4: null,
      cardExpMonth: null,
      cardExpYear: null,
      updatedAt: new Date(),
    };
    await db.update(customerPaymentPreferences).set(forget).where(eq(customerPaymentPreferences.userId, userId));
    return;
  }
  await db
    .insert(customerPaymentPreferences)
    .values({ userId, method: choice })
    .onConflictDoUpdate({ target: customerPaymentPreferences.userId, set: { method: choice, updatedAt: sql`now()` } });
}
