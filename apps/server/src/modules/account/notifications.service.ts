// The customer's notifications (what happened to their orders) and activities (what was done with the account), in
// the spec's list shape with read/unread (docs/customer-panel.md, "Notifications and activities").
import { notificationForStatusChange, type NotificationKind, type ClientStatusKey } from '@ventanilla/domain';
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import { accountActivities, notifications, orderItems, orders, type ActivityKind } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import type { ItemStatusChangedEvent } from '../order-records/index.js';

/** Writes one activity of the account (inside the caller's transaction). */
export async function recordActivity(
  tx: DbOrTx,
  userId: number,
  kind: ActivityKind,
  details: Record<string, string> | null = null,
): Promise<void> {
  await tx.insert(accountActivities).values({ userId, kind, details });
}

export interface NotificationOut {
  id: number;
  kind: NotificationKind;
  order_id: number;
  item_id: number;
  product_name: string;
  status: ClientStatusKey;
  read: boolean;
  created_at: string;
}

export interface ActivityOut {
  id: number;
  kind: ActivityKind;
  details: Record<string, string>;
  read: boolean;
  created_at: string;
}

export interface ListQuery {
  page: number;
  perPage: number;
  unread?: boolean;
}

export class NotificationsService {
  /**
   * Called with each notification written, in its transaction: the app enqueues its push job there (modules/jobs),
   * so the notification and its push commit together.
   */
  onCreated: ((tx: DbOrTx, notificationId: number) => Promise<void>) | undefined;

  constructor(private readonly db: Db) {}

  /**
   * The one place order changes become notifications: the itemStatusChanged order event (an agent's status change,
   * an incidence opened, a line finished), in the transaction that changed the line.
   */
  async onItemStatusChanged(tx: Tx, e: ItemStatusChangedEvent): Promise<void> {
    const [row] = await tx
      .select({
        customerId: orders.customerId,
        storeId: orders.storeId,
        rawStatus: orders.status,
        clientStatusId: orderItems.clientStatusId,
        productName: orderItems.productName,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(and(eq(orderItems.itemId, e.itemId), eq(orderItems.orderId, e.orderId)));
    if (!row?.customerId) return;
    const change = notificationForStatusChange({
      rawStatus: row.rawStatus,
      clientStatusId: row.clientStatusId,
      oldPanelStatus: e.oldStatus,
      newPanelStatus: e.newStatus,
    });
    if (!change) return;
    const [created] = await tx
      .insert(notifications)
      .values({
        userId: row.customerId,
        kind: change.kind,
        orderId: e.orderId,
        itemId: e.itemId,
        productName: row.productName,
        status: change.status,
        storeId: row.storeId,
      })
      .returning({ id: notifications.id });
    if (created) await this.onCreated?.(tx, created.id);
  }

  async listNotifications(
    userId: number,
    q: ListQuery,
  ): Promise<{ items: NotificationOut[]; total: number; unread: number }> {
    const mine = eq(notifications.userId, userId);
    const where = q.unread ? and(mine, isNull(notifications.readAt)) : mine;
    const [rows, totals, unread] = await Promise.all([
      this.db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(q.perPage)
        .offset((q.page - 1) * q.perPage),
      this.db.select({ n: count() }).from(notifications).where(where),
      this.db
        .select({ n: count() })
        .from(notifications)
        .where(and(mine, isNull(notifications.readAt))),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        order_id: r.orderId,
        item_id: r.itemId,
        product_name: r.productName,
        status: r.status,
        read: r.readAt !== null,
        created_at: r.createdAt.toISOString(),
      })),
      total: totals[0]?.n ?? 0,
      unread: unread[0]?.n ?? 0,
    };
  }

  async listActivities(userId: number, q: ListQuery): Promise<{ items: ActivityOut[]; total: number; unread: number }> {
    const mine = eq(accountActivities.userId, userId);
    const where = q.unread ? and(mine, isNull(accountActivities.readAt)) : mine;
    const [rows, totals, unread] = await Promise.all([
      this.db
        .select()
        .from(accountActivities)
        .where(where)
        .orderBy(desc(accountActivities.createdAt), desc(accountActivities.id))
        .limit(q.perPage)
        .offset((q.page - 1) * q.perPage),
      this.db.select({ n: count() }).from(accountActivities).where(where),
      this.db
        .select({ n: count() })
        .from(accountActivities)
        .where(and(mine, isNull(accountActivities.readAt))),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        details: r.details ?? {},
        read: r.readAt !== null,
        created_at: r.createdAt.toISOString(),
      })),
      total: totals[0]?.n ?? 0,
      unread: unread[0]?.n ?? 0,
    };
  }

  /** Marks one of the customer's notifications (or activities) read; another customer's id is 404. */
  async markRead(userId: number, which: 'notifications' | 'activities', id: number): Promise<void> {
    const table = which === 'notifications' ? notifications : accountActivities;
    const rows = await this.db
      .update(table)
      .set({ readAt: sql`coalesce(${table.readAt}, now())` })
      .where(and(eq(table.id, id), eq(table.userId, userId)))
      .returning({ id: table.id });
    if (rows.length === 0) throw new AppError('NOT_FOUND', `${which} ${id}`);
  }

  /** Marks every unread one read; returns how many changed. */
  async markAllRead(userId: number, which: 'notifications' | 'activities'): Promise<number> {
    const table = which === 'notifications' ? notifications : accountActivities;
    const where: SQL | undefined = and(eq(table.userId, userId), isNull(table.readAt));
    const rows = await this.db
      .update(table)
      .set({ readAt: sql`now()` })
      .where(where)
      .returning({ id: table.id });
    return rows.length;
  }
}
