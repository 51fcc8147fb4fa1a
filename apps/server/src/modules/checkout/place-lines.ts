import { sql, type Placeholder } from 'drizzle-orm';
import { PanelStatus, type AnswerValue, type Cents } from '@ventanilla/domain';
import type { DbOrTx } from '../../db/database.js';
import { carts, itemHistory, orderItems, payments, type StoredAnswerLine } from '../../db/schema.js';
import { reusableStatement } from '../../db/statements.js';

/** One order line as checkout writes it (amounts in cents, recomputed by the server). */
export interface PlacedLine {
  productId: number;
  productName: string;
  qty: number;
  answers: Record<string, AnswerValue>;
  productOptions: StoredAnswerLine[];
  basePrice: Cents;
  optionsPrice: Cents;
  subtotal: Cents;
  taxAmount: Cents;
  fees: Cents;
  total: Cents;
}

/** What is placed besides the lines: the order, the converted cart, and the payment opened for it. */
export interface PlacedOrder {
  orderId: number;
  quoteId: number;
  method: string;
  provider: string;
  amount: Cents;
  now: Date;
}

const LINE_FIELDS = [
  'productId',
  'productName',
  'qty',
  'answers',
  'productOptions',
  'basePrice',
  'optionsPrice',
  'subtotal',
  'taxAmount',
  'fees',
  'total',
] as const satisfies ReadonlyArray<keyof PlacedLine>;

type Values<T> = { [K in keyof T]: T[K] | Placeholder };

/**
 * The lines (panel status 0), their "pedido_creado" history, the cart's conversion and the payment, in one statement
 * that answers the new items (in line order) with the payment's id. The order's and the items' statistics triggers
 * stay in two statements, the order's first (migration 0026): this one follows the order's insert.
 */
function placeLinesQuery(db: DbOrTx, lines: ReadonlyArray<Values<PlacedLine>>, placed: Values<PlacedOrder>) {
  const inserted = db.$with('inserted_items').as(
    db
      .insert(orderItems)
      .values(lines.map((l) => ({ ...l, orderId: placed.orderId, panelStatusId: PanelStatus.PendingPayment })))
      .returning({ itemId: orderItems.itemId, productName: orderItems.productName, total: orderItems.total }),
  );
  const history = db.$with('history', { itemId: itemHistory.itemId }).as(
    sql`insert into ${itemHistory} (${sql.identifier(itemHistory.itemId.name)}, ${sql.identifier(itemHistory.accion.name)}, ${sql.identifier(itemHistory.newStatus.name)})
      select ${sql.identifier(orderItems.itemId.name)}, 'pedido_creado', ${PanelStatus.PendingPayment} from ${inserted}
      returning ${sql.identifier(itemHistory.itemId.name)}`,
  );
  const converted = db.$with('converted').as(
    db
      .update(carts)
      .set({ status: 'converted', orderId: sql`${placed.orderId}::bigint`, updatedAt: sql`${placed.now}::timestamptz` })
      .where(sql`${carts.quoteId} = ${placed.quoteId}`)
      .returning({ quoteId: carts.quoteId }),
  );
  const opened = db.$with('opened').as(
    db
      .insert(payments)
      .values({
        orderId: placed.orderId,
        method: placed.method,
        provider: placed.provider,
        amount: placed.amount,
        status: 'created',
      })
      .returning({ id: payments.id }),
  );
  // RETURNING keeps the order of the VALUES; the item ids follow it too.
  return db
    .with(inserted, history, converted, opened)
    .select({
      itemId: inserted.itemId,
      productName: inserted.productName,
      total: inserted.total,
      paymentId: sql<number>`(select ${sql.identifier(payments.id.name)} from ${opened})`.mapWith(Number),
    })
    .from(inserted)
    .orderBy(inserted.itemId);
}

/** Carts of up to this many lines have their statement built once per line count (a cart holds few lines). */
const PREPARED_UP_TO = 8;

const byLineCount = Array.from({ length: PREPARED_UP_TO }, (_, i) => {
  const count = i + 1;
  return reusableStatement(`checkout_place_lines_${count}`, (db) =>
    placeLinesQuery(
      db,
      Array.from({ length: count }, (_, k) =>
        Object.fromEntries(LINE_FIELDS.map((f) => [f, sql.placeholder(`${f}${k}`)])),
      ) as unknown as Array<Values<PlacedLine>>,
      {
        orderId: sql.placeholder('orderId'),
        quoteId: sql.placeholder('quoteId'),
        method: sql.placeholder('method'),
        provider: sql.placeholder('provider'),
        amount: sql.placeholder('amount'),
        now: sql.placeholder('now'),
      },
    ),
  );
});

/** Writes an order's lines, their history, the cart's conversion and the payment (see placeLinesQuery). */
export async function placeLines(
  tx: DbOrTx,
  lines: ReadonlyArray<PlacedLine>,
  placed: PlacedOrder,
): Promise<Array<{ itemId: number; productName: string; total: Cents; paymentId: number }>> {
  const statement = byLineCount[lines.length - 1];
  if (!statement) return placeLinesQuery(tx, lines, placed);
  const values: Record<string, unknown> = { ...placed };
  lines.forEach((line, k) => {
    for (const f of LINE_FIELDS) values[`${f}${k}`] = line[f];
  });
  return statement(tx, values);
}
