import { and, count, eq, isNotNull } from 'drizzle-orm';
import { checkQpPerson, QP_MAX_NAMES, qpCustomerListState, qpMaximoOfAnswers } from '@ventanilla/domain';
import type { Db, Tx } from '../../db/database.js';
import { orderItems, orders, qpNames } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import type { CatalogService } from '../catalog/index.js';
import type { SessionUser } from '../../shared/session-types.js';
import { addQpName, lockQpItem, processQpNames, qpFields, qpProductIds, readQpList } from './qp-lists.js';

/**
 * The customer's side of the QP person-search lists (docs/customer-panel.md, "Person search (QP)"): the spec's
 * listaNombresQP, searchListaNombresQP and tramitaListaNombresQP for the owner of a paid QP item. Someone else's item,
 * or an item of another product, is "not found"; once the names are sent (by the customer or an agent) the list is
 * read-only (409 ITEM_NOT_EDITABLE). Every change runs under the item's row lock, so the limits hold under
 * concurrent requests and a double "tramita" sends once.
 */
export class CustomerQpService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
  ) {}

  /** The customer's QP item, or not found (read under the item's lock when the caller holds it). */
  private async ownItem(db: Db | Tx, customerId: number, itemId: number) {
    const [row] = await db
      .select({
        productId: orderItems.productId,
        answers: orderItems.answers,
        panelStatusId: orderItems.panelStatusId,
        paidAt: orders.paidAt,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(and(eq(orderItems.itemId, itemId), eq(orders.customerId, customerId)));
    if (!row || !qpProductIds(this.catalog).has(row.productId)) {
      throw new AppError('NOT_FOUND', `QP item ${itemId} of customer ${customerId}`);
    }
    const [processed] = await db
      .select({ n: count() })
      .from(qpNames)
      .where(and(eq(qpNames.itemId, itemId), isNotNull(qpNames.processedAt)));
    const state = qpCustomerListState({
      paid: row.paidAt !== null,
      panelStatusId: row.panelStatusId,
      processedNames: processed?.n ?? 0,
    });
    return { paidMaximo: qpMaximoOfAnswers(row.answers), state };
  }

  /** listaNombresQP: the item's people, the properties found so far, and what the customer may still do. */
  async list(customerId: number, itemId: number, db: Db | Tx = this.db) {
    const item = await this.ownItem(db, customerId, itemId);
    const list = await readQpList(db, itemId);
    return {
      item_id: itemId,
      state: item.state,
      editable: item.state === 'awaiting_names',
      paid_maximo: item.paidMaximo,
      max_names: QP_MAX_NAMES,
      maximo: list.maximo,
      names: list.names.map((n) => n.out),
      localizations: list.localizations.map((l) => l.out),
    };
  }

  private editable(state: string, itemId: number) {
    if (state !== 'awaiting_names') throw new AppError('ITEM_NOT_EDITABLE', `QP item ${itemId} is ${state}`);
  }

  /** searchListaNombresQP: adds a person (name, surnames, DNI/NIE) to the list; a NIF listed already adds nothing. */
  async addName(customer: SessionUser, input: { item_id: number; nombre: string; apellidos: string; nif: string }) {
    const check = checkQpPerson(input);
    return this.db.transaction(async (tx) => {
      // Ownership first: someone else's item is "not found" whatever the body says.
      const locked = await lockQpItem(tx, input.item_id);
      const item = await this.ownItem(tx, customer.id, input.item_id);
      if (!check.ok) throw new AppError('VALIDATION_ERROR', 'qp person', { fields: qpFields(check.problems) });
      this.editable(item.state, input.item_id);
      const addition = await addQpName(locked, check.value, customer.id, {
        accion: 'qp_nombre_anadido_cliente',
        // The customer did it, not an agent (agents' statistics count lines with an admin user).
        adminUserId: null,
        details: { customer_id: customer.id, nombre: check.value.nombre, apellidos: check.value.apellidos },
      });
      return { ...(await this.list(customer.id, input.item_id, tx)), added: addition === 'add' };
    });
  }

  /** tramitaListaNombresQP: sends the listed names for searching with a maximum of properties (up to the one paid). */
  async tramita(customer: SessionUser, itemId: number, input: { maximo: number; list: number[] }, now: Date) {
    return this.db.transaction(async (tx) => {
      const locked = await lockQpItem(tx, itemId);
      const item = await this.ownItem(tx, customer.id, itemId);
      this.editable(item.state, itemId);
      await processQpNames(locked, input, item.paidMaximo, now, (sent) => ({
        accion: 'qp_nombres_tramitados_cliente',
        adminUserId: null,
        details: { customer_id: customer.id, maximo: sent.maximo, names: sent.list },
      }));
      return this.list(customer.id, itemId, tx);
    });
  }
}
