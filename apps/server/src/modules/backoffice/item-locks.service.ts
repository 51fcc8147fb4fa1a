import { count, eq, sql, type SQL } from 'drizzle-orm';
import {
  mayWorkOnItem,
  can,
  canWrite,
  LOCK_LEASE_MS,
  PORTUGUESE_PRODUCT_STORES,
  QUEUE_ORDER,
  releaseLock,
  takeLock,
  WORK_STATUSES,
  type ItemLock,
  type QueueName,
} from '@ventanilla/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { agentQueueState, itemHistory, orderItems, users } from '../../db/schema.js';
import { AppError, type LockOut } from '../../shared/app-error.js';
import type { SessionUser } from '../../shared/session-types.js';
import { recordHistory } from '../order-records/index.js';

interface LockRow {
  itemId: number;
  orderId: number;
  lockedBy: number | null;
  lockedAt: Date | null;
  lockExpiresAt: Date | null;
  holderName: string | null;
}

const holderName = sql<string | null>`(select ${users.firstname} || ' ' || ${users.lastname} from ${users}
  where ${users.id} = ${orderItems.lockedBy})`;

function storedLock(row: LockRow): ItemLock | null {
  if (row.lockedBy === null || row.lockExpiresAt === null) return null;
  return { holderId: row.lockedBy, acquiredAt: row.lockedAt ?? row.lockExpiresAt, expiresAt: row.lockExpiresAt };
}

function lockedByOther(row: LockRow, holderId: number, expiresAt: Date): AppError {
  const lock: LockOut = {
    item_id: row.itemId,
    locked_by: holderId,
    locked_by_name: row.holderName ?? String(holderId),
    expires_at: expiresAt.toISOString(),
  };
  return new AppError('ITEM_LOCKED', `item ${row.itemId} locked by ${holderId}`, {
    params: { holder: lock.locked_by_name },
    lock,
  });
}

/**
 * The exclusive lock of order items as a lease, and the pulled queue behind tabs -1 and -2 (docs/backoffice.md,
 * "Locks and the queue"). The rules are the domain's (item-lock.ts, work-queue.ts); this class stores them. Time comes
 * from `now`, so tests inject the clock.
 */
export class ItemLocksService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  private async lockRow(tx: DbOrTx, where: SQL, forUpdate: boolean): Promise<LockRow[]> {
    const query = tx
      .select({
        itemId: orderItems.itemId,
        orderId: orderItems.orderId,
        lockedBy: orderItems.lockedBy,
        lockedAt: orderItems.lockedAt,
        lockExpiresAt: orderItems.lockExpiresAt,
        holderName,
      })
      .from(orderItems)
      .where(where)
      .orderBy(orderItems.itemId);
    return forUpdate ? query.for('update') : query;
  }

  /** Takes or renews the agent's lease on the item (opening it, the heartbeat); ITEM_LOCKED when another holds it. */
  async take(agent: SessionUser, itemId: number): Promise<LockOut> {
    return this.db.transaction(async (tx) => {
      const [row] = await this.lockRow(tx, eq(orderItems.itemId, itemId), true);
      if (!row) throw new AppError('NOT_FOUND', `item ${itemId}`);
      const result = takeLock(agent.id, storedLock(row), this.now());
      if (!result.ok) throw lockedByOther(row, result.holderId, result.expiresAt);
      await tx
        .update(orderItems)
        .set({ lockedBy: agent.id, lockedAt: result.lock.acquiredAt, lockExpiresAt: result.lock.expiresAt })
        .where(eq(orderItems.itemId, itemId));
      if (result.outcome === 'taken_over') {
        await recordHistory(tx, [
          {
            itemId,
            accion: 'bloqueo_caducado_tomado',
            adminUserId: agent.id,
            details: { previous_holder_id: result.previousHolderId },
          },
        ]);
      }
      return {
        item_id: itemId,
        locked_by: agent.id,
        locked_by_name: `${agent.firstname} ${agent.lastname}`,
        expires_at: result.lock.expiresAt.toISOString(),
      };
    });
  }

  /**
   * Releases the agent's own lease (closing the tab); with `force`, breaks another agent's live lease, recorded in the
   * history as `desbloqueo_forzado` with the previous holder. Releasing what is not locked is a harmless no-op.
   */
  async release(agent: SessionUser, itemId: number, force: boolean) {
    return this.db.transaction(async (tx) => {
      const [row] = await this.lockRow(tx, eq(orderItems.itemId, itemId), true);
      if (!row) throw new AppError('NOT_FOUND', `item ${itemId}`);
      if (agent.role === 'customer') throw new AppError('FORBIDDEN', 'customers hold no locks');
      const result = releaseLock({ id: agent.id, role: agent.role }, storedLock(row), this.now(), { force });
      if (!result.ok) {
        if (result.reason === 'force_not_allowed') throw new AppError('FORBIDDEN', `role ${agent.role} may not force`);
        throw lockedByOther(row, result.holderId, result.expiresAt);
      }
      if (result.outcome !== 'not_locked') {
        await tx
          .update(orderItems)
          .set({ lockedBy: null, lockedAt: null, lockExpiresAt: null })
          .where(eq(orderItems.itemId, itemId));
      }
      if (result.outcome === 'forced') {
        await recordHistory(tx, [
          {
            itemId,
            accion: 'desbloqueo_forzado',
            adminUserId: agent.id,
            details: { previous_holder_id: result.previousHolderId },
          },
        ]);
      }
      return { item_id: itemId, outcome: result.outcome };
    });
  }

  /** Releases every lease the agent holds (signing out). */
  async releaseAllOf(agentId: number): Promise<void> {
    await this.db
      .update(orderItems)
      .set({ lockedBy: null, lockedAt: null, lockExpiresAt: null })
      .where(eq(orderItems.lockedBy, agentId));
  }

  /**
   * Whether a lock change of this item may be told to this viewer: notaries see notary work only (mayWorkOnItem),
   * everyone else every item. Read when a change is told, not cached: the item's status may have moved since.
   */
  async lockVisibleTo(viewer: SessionUser, itemId: number): Promise<boolean> {
    if (viewer.role !== 'notary') return true;
    const [item] = await this.db
      .select({ status: orderItems.panelStatusId })
      .from(orderItems)
      .where(eq(orderItems.itemId, itemId));
    return item !== undefined && mayWorkOnItem(viewer.role, item.status);
  }

  /** The change check open tabs poll: a different updated_at or history length means "reload". */
  async changes(itemId: number) {
    const [item] = await this.db
      .select({ updatedAt: orderItems.updatedAt })
      .from(orderItems)
      .where(eq(orderItems.itemId, itemId));
    if (!item) throw new AppError('NOT_FOUND', `item ${itemId}`);
    const [lines] = await this.db.select({ n: count() }).from(itemHistory).where(eq(itemHistory.itemId, itemId));
    return { item_id: itemId, updated_at: item.updatedAt.toISOString(), history_lines: lines?.n ?? 0 };
  }

  /**
   * Refuses a write to the item when another agent holds a live lease (423 ITEM_LOCKED, naming the holder) or the
   * writer's own lease lapsed (409 LOCK_EXPIRED: reload and lock again). Nobody holding one lets the write through.
   * `db`: the writer's transaction, to check again under its row lock.
   */
  async assertItemWritable(agent: SessionUser, itemId: number, db: DbOrTx = this.db): Promise<void> {
    await this.assertWritable(agent, await this.lockRow(db, eq(orderItems.itemId, itemId), false));
  }

  /** The same for a write to a whole order (refunds, transfer confirmation): every item of the order must allow it. */
  async assertOrderWritable(agent: SessionUser, orderId: number): Promise<void> {
    await this.assertWritable(agent, await this.lockRow(this.db, eq(orderItems.orderId, orderId), false));
  }

  private async assertWritable(agent: SessionUser, rows: LockRow[]): Promise<void> {
    const now = this.now();
    for (const row of rows) {
      const check = canWrite(agent.id, storedLock(row), now);
      if (check.ok) continue;
      if (check.reason === 'locked_by_other') throw lockedByOther(row, check.holderId, check.expiresAt);
      throw new AppError('LOCK_EXPIRED', `item ${row.itemId}: lease of ${agent.id} expired`);
    }
  }

  /**
   * Gives the agent the next item of the queue and locks it, in one conditional statement: `FOR UPDATE SKIP LOCKED`
   * makes concurrent pulls on PostgreSQL skip each other's candidate, and the outer `WHERE` re-checks that the lock is
   * still free, so two pulls can never get the same item (on the embedded database statements run one at a time
   * anyway). Null when nothing is waiting.
   */
  async next(agent: SessionUser, queue: QueueName) {
    // The queues hold agents' work; a notary (who sees notary work only) is given nothing, also by "finish and next".
    if (!can(agent.role, 'backoffice.queue.pull')) return null;
    const now = this.now();
    const expiresAt = new Date(now.getTime() + LOCK_LEASE_MS);
    const portugueseStores = sql.join(
      PORTUGUESE_PRODUCT_STORES.map((s) => sql`${s}`),
      sql`, `,
    );
    const storeCondition =
      queue === 'portugal' ? sql`o.store_id IN (${portugueseStores})` : sql`o.store_id NOT IN (${portugueseStores})`;
    const workStatuses = sql.join(
      WORK_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    );
    // The domain's QUEUE_ORDER, column by column (constants, not input).
    const orderBy = sql.raw(
      QUEUE_ORDER.map((k) => `i.${k.column} ${k.direction.toUpperCase()} NULLS ${k.nulls.toUpperCase()}`).join(', '),
    );
    const lockFree = (alias: string) =>
      sql`(${sql.raw(alias)}lock_expires_at IS NULL OR ${sql.raw(alias)}lock_expires_at <= ${now})`;
    // A candidate that another pull locked between its snapshot and ours fails the re-check: try again a few times.
    for (let attempt = 0; attempt < 5; attempt++) {
      const picked = await this.db.transaction(async (tx) => {
        const result = await tx.execute<{ item_id: number }>(sql`
          UPDATE order_items SET locked_by = ${agent.id}, locked_at = ${now}, lock_expires_at = ${expiresAt}
          WHERE item_id = (
            SELECT i.item_id FROM order_items i JOIN orders o ON o.order_id = i.order_id
            WHERE i.panel_status_id IN (${workStatuses}) AND ${storeCondition} AND ${lockFree('i.')}
              AND (i.standby_until IS NULL OR i.standby_until <= ${now})
              AND (i.asignee_id IS NULL OR i.asignee_id = ${agent.id})
            ORDER BY ${orderBy}
            LIMIT 1
            FOR UPDATE OF i SKIP LOCKED
          ) AND ${lockFree('')}
          RETURNING item_id`);
        const itemId = result.rows[0]?.item_id;
        if (itemId === undefined) return null;
        await tx
          .insert(agentQueueState)
          .values({ adminUserId: agent.id, lastItemId: itemId, queue, assignedAt: now })
          .onConflictDoUpdate({
            target: agentQueueState.adminUserId,
            set: { lastItemId: itemId, queue, assignedAt: now, updatedAt: now },
          });
        await recordHistory(tx, [{ itemId, accion: 'asignado_cola', adminUserId: agent.id, details: { queue } }]);
        return itemId;
      });
      if (picked !== null) {
        return {
          item_id: picked,
          locked_by: agent.id,
          locked_by_name: `${agent.firstname} ${agent.lastname}`,
          expires_at: expiresAt.toISOString(),
          queue,
        };
      }
      if (!(await this.anyCandidate(storeCondition, workStatuses, agent.id, lockFree('i.'), now))) return null;
    }
    return null;
  }

  private async anyCandidate(storeCondition: SQL, workStatuses: SQL, agentId: number, lockFree: SQL, now: Date) {
    const result = await this.db.execute(sql`
      SELECT 1 FROM order_items i JOIN orders o ON o.order_id = i.order_id
      WHERE i.panel_status_id IN (${workStatuses}) AND ${storeCondition} AND ${lockFree}
        AND (i.standby_until IS NULL OR i.standby_until <= ${now})
        AND (i.asignee_id IS NULL OR i.asignee_id = ${agentId})
      LIMIT 1`);
    return result.rows.length > 0;
  }

  /** The last item the queue gave the agent (null before the first pull). */
  async lastAssigned(agentId: number) {
    const [row] = await this.db.select().from(agentQueueState).where(eq(agentQueueState.adminUserId, agentId));
    return row
      ? { item_id: row.lastItemId, queue: row.queue as QueueName, assigned_at: row.assignedAt.toISOString() }
      : null;
  }
}
