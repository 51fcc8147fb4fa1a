import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  AGENT_ORDER_SHORTCUTS,
  checkTramitaNombres,
  qpNameAddition,
  type QpPerson,
  type QpProblem,
} from '@ventanilla/domain';
import type { Db, Tx } from '../../db/database.js';
import { orderItems, qpLocalizations, qpNames } from '../../db/schema.js';
import { AppError, type FieldError } from '../../shared/app-error.js';
import type { CatalogService } from '../catalog/index.js';
import { type HistoryEntry, recordHistory } from '../order-records/index.js';

/**
 * What the agent's side (backoffice/agent-orders.service.ts) and the customer's side (customer-qp.service.ts) of a QP
 * person-search list share: the list's changes, each under the item's row lock. Who may change the list, and what the
 * history line says, stay with the caller.
 */

declare const lockedQpItem: unique symbol;
/** A QP item whose row this transaction holds locked (only lockQpItem makes one). */
export interface LockedQpItem {
  readonly tx: Tx;
  readonly itemId: number;
  readonly [lockedQpItem]: true;
}

/** Locks the item's row until the transaction ends: a list's changes are serialised per item. */
export async function lockQpItem(tx: Tx, itemId: number): Promise<LockedQpItem> {
  await tx.select({ id: orderItems.itemId }).from(orderItems).where(eq(orderItems.itemId, itemId)).for('update');
  return { tx, itemId } as LockedQpItem;
}

/** The product ids of the QP product (Create QP) in every store: only their items have person-search lists. */
export function qpProductIds(catalog: CatalogService): Set<number> {
  return new Set(
    catalog
      .listStores()
      .map((s) => catalog.findProduct(s.storeId, AGENT_ORDER_SHORTCUTS.qp)?.row.productId)
      .filter((id): id is number => id !== undefined),
  );
}

/**
 * An item's list as both sides show it: the people (with when each was sent), the properties found, and the highest
 * maximum the names were sent with (null before any was sent). The rows come along for what only one side shows.
 */
export async function readQpList(db: Db | Tx, itemId: number) {
  const names = await db.select().from(qpNames).where(eq(qpNames.itemId, itemId)).orderBy(asc(qpNames.id));
  const found = await db
    .select()
    .from(qpLocalizations)
    .where(eq(qpLocalizations.itemId, itemId))
    .orderBy(asc(qpLocalizations.id));
  return {
    maximo: Math.max(0, ...names.map((n) => n.maximo ?? 0)) || null,
    names: names.map((n) => ({
      out: {
        id: n.id,
        nombre: n.nombre,
        apellidos: n.apellidos,
        nif: n.nif,
        processed_at: n.processedAt?.toISOString() ?? null,
      },
      row: n,
    })),
    localizations: found.map((l) => ({
      out: { id: l.id, registro: l.registro, finca: l.finca, municipio: l.municipio, titular: l.titular },
      row: l,
    })),
  };
}

/** A person-search list's refused fields as API field errors. */
export function qpFields(problems: QpProblem[]): FieldError[] {
  return problems.map((p): FieldError => {
    switch (p.reason) {
      case 'required':
        return { field: p.field, key: 'field.required', code: p.reason };
      case 'too_long':
        return { field: p.field, key: 'field.too_long', params: { max: p.max ?? 0 }, code: p.reason };
      case 'invalid_characters':
        return { field: p.field, key: 'field.invalid_characters', code: p.reason };
      case 'nif':
        return { field: p.field, message: { key: 'validator.nif' }, code: p.reason };
      case 'nif_separators':
        return { field: p.field, message: { key: 'validator.no_separators' }, code: p.reason };
      case 'out_of_range':
        return { field: p.field, key: 'field.invalid', code: p.reason };
    }
  });
}

/** A history line of a list change; the item is the locked one. */
export type QpHistory = Omit<HistoryEntry, 'itemId'>;

/**
 * searchListaNombresQP: adds a checked person to the list unless its NIF is listed already ('listed': nothing
 * changes); a full list is refused (VALIDATION_ERROR too_many_names).
 */
export async function addQpName(
  item: LockedQpItem,
  person: QpPerson,
  addedBy: number,
  history: QpHistory,
): Promise<'add' | 'listed'> {
  const { tx, itemId } = item;
  const existing = await tx.select({ nif: qpNames.nif }).from(qpNames).where(eq(qpNames.itemId, itemId));
  const addition = qpNameAddition(
    existing.map((n) => n.nif),
    person.nif,
  );
  if (addition === 'full') {
    throw new AppError('VALIDATION_ERROR', 'too many names', {
      fields: [{ field: 'item_id', key: 'field.invalid', code: 'too_many_names' }],
    });
  }
  if (addition === 'add') {
    await tx.insert(qpNames).values({ itemId, ...person, adminUserId: addedBy });
    await recordHistory(tx, [{ itemId, ...history }]);
  }
  return addition;
}

/**
 * tramitaListaNombresQP: sends chosen pending names for searching with a maximum of properties (at most the one
 * paid); refused fields are a VALIDATION_ERROR. The history line is made from what was sent.
 */
export async function processQpNames(
  item: LockedQpItem,
  input: { maximo: number; list: number[] },
  paidMaximo: number,
  now: Date,
  history: (sent: { maximo: number; list: number[] }) => QpHistory,
): Promise<void> {
  const { tx, itemId } = item;
  const pending = await tx
    .select({ id: qpNames.id })
    .from(qpNames)
    .where(and(eq(qpNames.itemId, itemId), isNull(qpNames.processedAt)));
  const check = checkTramitaNombres(input, { paidMaximo, pendingNameIds: pending.map((p) => p.id) });
  if (!check.ok) throw new AppError('VALIDATION_ERROR', 'tramita names', { fields: qpFields(check.problems) });
  for (const id of check.value.list) {
    await tx
      .update(qpNames)
      .set({ maximo: check.value.maximo, processedAt: now })
      .where(and(eq(qpNames.id, id), eq(qpNames.itemId, itemId)));
  }
  await recordHistory(tx, [{ itemId, ...history(check.value) }]);
}
