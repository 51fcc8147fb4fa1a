import { and, asc, count, eq, inArray, max } from 'drizzle-orm';
import {
  answerChanges,
  checkClientStatus,
  checkDeadline,
  checkDelegate,
  checkItemAttributes,
  clientStatusFor,
  clientStatusKeyOf,
  dataChangeAlert,
  type ItemAttribute,
  checkFileDelete,
  checkFinishResult,
  checkLead,
  checkLeadResend,
  checkNoteDelete,
  checkNoteText,
  checkPostpone,
  checkPriority,
  checkProviderId,
  checkReason,
  checkReference,
  checkStatusChange,
  CLOSED_STATUS,
  isCurrentVersion,
  itemActionMessage,
  mayWorkOnItem,
  NOT_PROCESSING_STATUS,
  nextVersion,
  NOTE_MAX,
  PRIORITY_MAX,
  PRIORITY_MIN,
  PROVIDER_ID_MAX,
  queueForStore,
  REASON_MAX,
  REFERENCE_MAX,
  STATE_REFUSALS,
  POSTPONE_MAX_DAYS,
  DEADLINE_MAX_DAYS,
  type ActionCheck,
  type PanelStatusId,
  type QueueName,
  type OrderHistoryAction,
} from '@ventanilla/domain';
import type { Db, Tx } from '../../db/database.js';
import { configProviders, itemFiles, itemHistory, itemNotes, orderItems, orders, users } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import type { SessionUser } from '../../shared/session-types.js';
import { checkUpload, type FileStorage, safeFilename } from '../files/index.js';
import { type HistoryEntry, type OrderEvents, recordHistory } from '../order-records/index.js';
import type { ItemLocksService } from './item-locks.service.js';

type ItemRow = typeof orderItems.$inferSelect;
type StaffUser = SessionUser & { role: 'agent' | 'admin' | 'notary' };

/** What an action may use and write inside its transaction. */
interface WriteContext {
  tx: Tx;
  item: ItemRow;
  storeId: number;
  agent: StaffUser;
  now: Date;
  /** Writes history lines of this item by this agent. */
  history(...entries: Omit<HistoryEntry, 'itemId' | 'adminUserId'>[]): Promise<void>;
  /** Moves the item to a status (history line `accion` with old/new, the status event for e-mails). */
  moveTo(status: PanelStatusId, accion: OrderHistoryAction, details?: Record<string, unknown>): Promise<void>;
}

/** The limits a refusal's message names, per field. */
const FIELD_LIMITS: Record<string, Record<string, number>> = {
  priority: { min: PRIORITY_MIN, max: PRIORITY_MAX },
  referencia: { max: REFERENCE_MAX },
  provider_id: { max: PROVIDER_ID_MAX },
  reason: { max: REASON_MAX },
  text: { max: NOTE_MAX },
  until: { max: POSTPONE_MAX_DAYS },
  deadline_at: { max: DEADLINE_MAX_DAYS },
};

/** The value of an accepted check, or the refusal as an AppError: 400 for bad input, 409 for the item's state. */
function accepted<T>(field: string, check: ActionCheck<T>): T {
  if (check.ok) return check.value;
  const fields = [{ field, message: itemActionMessage(check.reason, FIELD_LIMITS[field]) }];
  if (check.reason === 'unknown_status') throw new AppError('UNKNOWN_STATUS', `${field}: unknown status`, { fields });
  if (STATE_REFUSALS.includes(check.reason)) {
    throw new AppError('ITEM_ACTION_REFUSED', `${field}: ${check.reason}`, { fields });
  }
  throw new AppError('VALIDATION_ERROR', `${field}: ${check.reason}`, { fields });
}

function staff(agent: SessionUser): StaffUser {
  if (agent.role !== 'agent' && agent.role !== 'admin' && agent.role !== 'notary') {
    throw new AppError('FORBIDDEN', `role ${agent.role} works no items`);
  }
  return agent as StaffUser;
}

/**
 * Every action of an agent on an order item (docs/backoffice.md, "Actions"). Each one runs in one transaction under
 * the item's row lock: the lock (lease) is checked again, the version the screen loaded must still be the item's
 * (else 409 VERSION_CONFLICT), the domain rule decides, and the write moves the version (`updated_at`) forward.
 */
export class ItemActionsService {
  constructor(
    private readonly db: Db,
    private readonly locks: ItemLocksService,
    private readonly orderEvents: OrderEvents,
    private readonly files: FileStorage,
    private readonly now: () => Date,
  ) {}

  private async write<T>(
    user: SessionUser,
    itemId: number,
    version: string,
    action: (w: WriteContext) => Promise<T>,
  ): Promise<{ result: T; updatedAt: Date }> {
    const agent = staff(user);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ item: orderItems, storeId: orders.storeId })
        .from(orderItems)
        .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
        .where(eq(orderItems.itemId, itemId))
        .for('update', { of: orderItems });
      // Notaries see notary work only: anything else does not exist for them.
      if (!row || !mayWorkOnItem(agent.role, row.item.panelStatusId)) throw new AppError('NOT_FOUND', `item ${itemId}`);
      // The guard checked the lease before the body was read; check again under the row lock.
      await this.locks.assertItemWritable(agent, itemId, tx);
      if (!isCurrentVersion(row.item.updatedAt, version)) {
        throw new AppError(
          'VERSION_CONFLICT',
          `item ${itemId} is at ${row.item.updatedAt.toISOString()}, not ${version}`,
        );
      }
      const now = this.now();
      const item = row.item;
      const history: WriteContext['history'] = (...entries) =>
        recordHistory(
          tx,
          entries.map((e) => ({ ...e, itemId, adminUserId: agent.id })),
        );
      const context: WriteContext = {
        tx,
        item,
        storeId: row.storeId,
        agent,
        now,
        history,
        moveTo: async (status, accion, details) => {
          await tx.update(orderItems).set({ panelStatusId: status }).where(eq(orderItems.itemId, itemId));
          await history({ accion, oldStatus: item.panelStatusId, newStatus: status, details: details ?? null });
          await this.orderEvents.emit('itemStatusChanged', tx, {
            orderId: item.orderId,
            itemId,
            oldStatus: item.panelStatusId,
            newStatus: status,
          });
        },
      };
      const result = await action(context);
      const updatedAt = nextVersion(item.updatedAt, now);
      await tx.update(orderItems).set({ updatedAt }).where(eq(orderItems.itemId, itemId));
      return { result, updatedAt };
    });
  }

  private async simple(
    agent: SessionUser,
    itemId: number,
    version: string,
    action: (w: WriteContext) => Promise<void>,
  ) {
    const { updatedAt } = await this.write(agent, itemId, version, action);
    return { item_id: itemId, updated_at: updatedAt.toISOString() };
  }

  /** The back-office accounts (delegation targets), by name. */
  async agents() {
    const rows = await this.db
      .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, role: users.role })
      .from(users)
      .where(and(inArray(users.role, ['agent', 'admin', 'notary']), eq(users.active, true)))
      .orderBy(users.firstname, users.lastname, users.id);
    return rows.map((r) => ({
      id: r.id,
      name: `${r.firstname} ${r.lastname}`,
      role: r.role as 'agent' | 'admin' | 'notary',
    }));
  }

  /** Change status by hand (history with old and new status). */
  changeStatus(agent: SessionUser, itemId: number, status: number, version: string) {
    return this.simple(agent, itemId, version, async (w) => {
      const to = accepted(
        'panel_status_id',
        checkStatusChange({ role: w.agent.role, from: w.item.panelStatusId, to: status }),
      );
      await w.moveTo(to, 'cambio_estado');
    });
  }

  /** Close: status 120 Cerrado. */
  close(agent: SessionUser, itemId: number, version: string) {
    return this.simple(agent, itemId, version, async (w) => {
      const to = accepted(
        'panel_status_id',
        checkStatusChange({ role: w.agent.role, from: w.item.panelStatusId, to: CLOSED_STATUS }),
      );
      await w.moveTo(to, 'cerrado');
    });
  }

  /** "Not processing": status 70 Denegado, with the reason in the history. */
  notProcessing(agent: SessionUser, itemId: number, reasonRaw: string, version: string) {
    return this.simple(agent, itemId, version, async (w) => {
      const reason = accepted('reason', checkReason(reasonRaw));
      const to = accepted(
        'panel_status_id',
        checkStatusChange({ role: w.agent.role, from: w.item.panelStatusId, to: NOT_PROCESSING_STATUS }),
      );
      await w.moveTo(to, 'no_tramitar', { reason });
    });
  }

  /**
   * Finish: sets the result, releases the agent's lock and, with `then: 'next'`, pulls the next item of the queue
   * (the queue of the item's store unless `queue` says otherwise) exactly like `POST /api/backoffice/queue/next`.
   */
  async finish(
    agent: SessionUser,
    itemId: number,
    input: { status: number; version: string; then: 'next' | 'stop'; queue?: QueueName },
  ) {
    const { result: storeId } = await this.write(agent, itemId, input.version, async (w) => {
      const to = accepted(
        'status',
        checkFinishResult({ role: w.agent.role, from: w.item.panelStatusId, to: input.status }),
      );
      const details = { then: input.then };
      if (to !== w.item.panelStatusId) await w.moveTo(to, 'finalizado', details);
      else await w.history({ accion: 'finalizado', oldStatus: to, newStatus: to, details });
      if (w.item.lockedBy === w.agent.id) {
        await w.tx
          .update(orderItems)
          .set({ lockedBy: null, lockedAt: null, lockExpiresAt: null })
          .where(eq(orderItems.itemId, itemId));
      }
      return w.storeId;
    });
    if (input.then === 'stop') return { item_id: itemId, next: null };
    const next = await this.locks.next(agent, input.queue ?? queueForStore(storeId));
    return { item_id: itemId, next };
  }

  /** Postpone until a future time (out of the queue until then); null takes it back into the queue now. */
  postpone(agent: SessionUser, itemId: number, until: string | null, version: string) {
    return this.simple(agent, itemId, version, async (w) => {
      const value = accepted('until', checkPostpone(until, w.now));
      await w.tx.update(orderItems).set({ standbyUntil: value }).where(eq(orderItems.itemId, itemId));
      await w.history({
        accion: value ? 'pospuesto' : 'pospuesto_anulado',
        details: { old: w.item.standbyUntil?.toISOString() ?? null, new: value?.toISOString() ?? null },
      });
    });
  }

  /**
   * Delegate to another agent (the queue gives the item to nobody else; the delegate sees it in My Activity); null
   * takes the delegation back. The delegator's own lock is released, so the delegate can open it at once.
   */
  delegate(agent: SessionUser, itemId: number, toId: number | null, version: string) {
    return this.simple(agent, itemId, version, async (w) => {
      const [target] =
        toId === null
          ? [null]
          : await w.tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, toId));
      if (target === undefined) {
        throw new AppError('VALIDATION_ERROR', `delegate to ${toId}: no such user`, {
          fields: [{ field: 'asignee_id', message: itemActionMessage('not_staff') }],
        });
      }
      accepted('asignee_id', checkDelegate(target, w.item.panelStatusId));
      const releaseLock = w.item.lockedBy === w.agent.id && toId !== w.agent.id;
      await w.tx
        .update(orderItems)
        .set({
          asigneeId: toId,
          ...(releaseLock ? { lockedBy: null, lockedAt: null, lockExpiresAt: null } : {}),
        })
        .where(eq(orderItems.itemId, itemId));
      await w.history({
        accion: toId === null ? 'delegacion_anulada' : 'delegado',
        details: { old: w.item.asigneeId, new: toId },
      });
    });
  }

  /** Set (or clear) the reference; the history keeps old and new. */
  setReference(agent: SessionUser, itemId: number, raw: string | null, version: string) {
    return this.simple(agent, itemId, version, async (w) => {
      const value = accepted('referencia', checkReference(raw));
      if (value === w.item.referencia) return;
      await w.tx.update(orderItems).set({ referencia: value }).where(eq(orderItems.itemId, itemId));
      await w.history({ accion: 'cambio_referencia', oldReferencia: w.item.referencia, newReferencia: value });
    });
  }

  setPriority(agent: SessionUser, itemId: number, priority: number, version: string) {
    return this.simple(agent, itemId, version, async (w) => {
      const value = accepted('priority', checkPriority(priority));
      await w.tx.update(orderItems).set({ priority: value }).where(eq(orderItems.itemId, itemId));
      await w.history({ accion: 'cambio_prioridad', details: { old: w.item.priority, new: value } });
    });
  }

  setDeadline(agent: SessionUser, itemId: number, raw: string | null, version: string) {
    return this.simple(agent, itemId, version, async (w) => {
      const value = accepted('deadline_at', checkDeadline(raw, w.now));
      await w.tx.update(orderItems).set({ deadlineAt: value }).where(eq(orderItems.itemId, itemId));
      await w.history({
        accion: 'cambio_plazo',
        details: { old: w.item.deadlineAt?.toISOString() ?? null, new: value?.toISOString() ?? null },
      });
    });
  }

  setProvider(agent: SessionUser, itemId: number, raw: string | null, version: string) {
    return this.simple(agent, itemId, version, async (w) => {
      const value = accepted('provider_id', checkProviderId(raw));
      // The providers list (configuration lists) names the valid ids; deactivated providers take no new work.
      if (value !== null) {
        const [known] = await w.tx
          .select({ id: configProviders.id })
          .from(configProviders)
          .where(and(eq(configProviders.id, value), eq(configProviders.active, true)));
        if (!known) {
          throw new AppError('VALIDATION_ERROR', `provider_id: unknown provider ${value}`, {
            fields: [{ field: 'provider_id', key: 'field.invalid', code: 'unknown_provider' }],
          });
        }
      }
      await w.tx.update(orderItems).set({ providerId: value }).where(eq(orderItems.itemId, itemId));
      await w.history({ accion: 'cambio_proveedor', details: { old: w.item.providerId, new: value } });
    });
  }

  /**
   * Resend the lead of an unpaid item: the customer gets a payment reminder with a fresh pay link (modules/email),
   * at most once per LEAD_RESEND_MIN_HOURS; the history line records who asked.
   */
  resendLead(agent: SessionUser, itemId: number, version: string) {
    return this.simple(agent, itemId, version, async (w) => {
      const [last] = await w.tx
        .select({ at: max(itemHistory.createdAt), sent: count() })
        .from(itemHistory)
        .where(and(eq(itemHistory.itemId, itemId), eq(itemHistory.accion, 'lead_reenviado')));
      const now = this.now();
      accepted('panel_status_id', checkLeadResend(w.item.panelStatusId, last?.at ?? null, now));
      await w.history({ accion: 'lead_reenviado' });
      const sequence = last?.sent ?? 0;
      await this.orderEvents.emit('leadResent', w.tx, { orderId: w.item.orderId, itemId, sequence });
    });
  }

  /** Close the lead of an unpaid item as lost: status 120 Cerrado. */
  leadClosedLost(agent: SessionUser, itemId: number, version: string) {
    return this.simple(agent, itemId, version, async (w) => {
      accepted('panel_status_id', checkLead(w.item.panelStatusId));
      await w.moveTo(CLOSED_STATUS, 'lead_cerrado_perdido');
    });
  }

  async addNote(agent: SessionUser, itemId: number, raw: string, version: string) {
    const { result, updatedAt } = await this.write(agent, itemId, version, async (w) => {
      const check = checkNoteText(raw);
      if (!check.ok && check.reason === 'required') {
        throw new AppError('VALIDATION_ERROR', 'empty note', { fields: [{ field: 'text', key: 'note.empty' }] });
      }
      const text = accepted('text', check);
      const [note] = await w.tx.insert(itemNotes).values({ itemId, text, adminUserId: w.agent.id }).returning();
      if (!note) throw new Error('note insert returned nothing');
      return note;
    });
    return {
      id: result.id,
      text: result.text,
      pinned: result.pinned,
      admin_user_id: result.adminUserId,
      admin_name: `${agent.firstname} ${agent.lastname}`,
      created_at: result.createdAt.toISOString(),
      item_updated_at: updatedAt.toISOString(),
    };
  }

  private async note(tx: Tx, itemId: number, noteId: number) {
    const [note] = await tx
      .select()
      .from(itemNotes)
      .where(and(eq(itemNotes.id, noteId), eq(itemNotes.itemId, itemId)));
    if (!note) throw new AppError('NOT_FOUND', `note ${noteId} of item ${itemId}`);
    return note;
  }

  /** Pin (shown first) or unpin a note. */
  pinNote(agent: SessionUser, itemId: number, noteId: number, pinned: boolean, version: string) {
    return this.simple(agent, itemId, version, async (w) => {
      await this.note(w.tx, itemId, noteId);
      await w.tx.update(itemNotes).set({ pinned }).where(eq(itemNotes.id, noteId));
      await w.history({ accion: pinned ? 'nota_fijada' : 'nota_desfijada', details: { note_id: noteId } });
    });
  }

  /** Delete a note (its author or an admin); the history keeps its text. */
  deleteNote(agent: SessionUser, itemId: number, noteId: number, version: string) {
    return this.simple(agent, itemId, version, async (w) => {
      const note = await this.note(w.tx, itemId, noteId);
      accepted('note', checkNoteDelete(w.agent, note.adminUserId));
      await w.tx.delete(itemNotes).where(eq(itemNotes.id, noteId));
      await w.history({
        accion: 'nota_borrada',
        details: { note_id: noteId, text: note.text, author_id: note.adminUserId },
      });
    });
  }

  /** Store an uploaded document (real type checked by content). */
  async addFile(agent: SessionUser, itemId: number, upload: { filename: string; bytes: Buffer }, version: string) {
    const check = await checkUpload(upload.bytes);
    if (!check.ok) throw new AppError('FILE_TYPE_NOT_ALLOWED', `upload ${upload.filename}`);
    const { result: file, updatedAt } = await this.write(agent, itemId, version, async (w) => {
      const stored = await this.files.put(upload.bytes);
      const [row] = await w.tx
        .insert(itemFiles)
        .values({
          itemId,
          filename: safeFilename(upload.filename, check.mime),
          contentType: check.mime,
          size: upload.bytes.length,
          sha256: stored.sha256,
          storageKey: stored.key,
          uploadedBy: w.agent.id,
          visibleToCustomer: true,
        })
        .returning();
      if (!row) throw new Error('file insert returned nothing');
      await w.history({ accion: 'archivo_subido', details: { file_id: row.id, filename: row.filename } });
      // Read for the customer when it is a nota simple (saved-items module): in the same transaction, never failing it.
      await this.orderEvents.emit('fileAttached', w.tx, {
        orderId: w.item.orderId,
        itemId,
        productId: w.item.productId,
        fileId: row.id,
        contentType: check.mime,
        bytes: upload.bytes,
      });
      return row;
    });
    return {
      id: file.id,
      filename: file.filename,
      content_type: file.contentType,
      size: file.size,
      created_at: file.createdAt.toISOString(),
      visible_to_customer: file.visibleToCustomer,
      item_updated_at: updatedAt.toISOString(),
    };
  }

  /**
   * Delete a document the staff uploaded (the customer's own answers stay). The row goes; the stored bytes stay, as
   * the storage is content-addressed and may be shared by another row.
   */
  deleteFile(agent: SessionUser, itemId: number, fileId: number, version: string) {
    return this.simple(agent, itemId, version, async (w) => {
      const [file] = await w.tx
        .select()
        .from(itemFiles)
        .where(and(eq(itemFiles.id, fileId), eq(itemFiles.itemId, itemId)));
      if (!file) throw new AppError('NOT_FOUND', `file ${fileId} of item ${itemId}`);
      accepted('file', checkFileDelete({ uploadedByCustomer: file.uploadId !== null }));
      await w.tx.delete(itemFiles).where(eq(itemFiles.id, fileId));
      await w.history({ accion: 'archivo_borrado', details: { file_id: fileId, filename: file.filename } });
    });
  }

  /**
   * Set the status the customer sees (client_status_id; null: back to the one derived from the order and the panel
   * status). The history keeps old and new; when what the customer sees changes, they are told by e-mail (outbox,
   * in this transaction).
   */
  setClientStatus(agent: SessionUser, itemId: number, raw: number | null, version: string) {
    return this.simple(agent, itemId, version, async (w) => {
      const value = accepted('client_status_id', checkClientStatus(raw, w.item.clientStatusId));
      const [order] = await w.tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.orderId, w.item.orderId));
      const seen = (clientStatusId: number | null) =>
        clientStatusFor({ rawStatus: order?.status, panelStatusId: w.item.panelStatusId, clientStatusId });
      const before = seen(w.item.clientStatusId);
      const after = seen(value);
      await w.tx.update(orderItems).set({ clientStatusId: value }).where(eq(orderItems.itemId, itemId));
      const [line] = await w.tx
        .insert(itemHistory)
        .values({
          itemId,
          accion: 'cambio_estado_cliente',
          adminUserId: w.agent.id,
          details: {
            old: clientStatusKeyOf(w.item.clientStatusId),
            new: clientStatusKeyOf(value),
            old_id: w.item.clientStatusId,
            new_id: value,
          },
        })
        .returning({ id: itemHistory.id });
      const changed = after.ok && (!before.ok || before.status.key !== after.status.key);
      if (line && after.ok && changed) {
        await this.orderEvents.emit('clientStatusChanged', w.tx, {
          orderId: w.item.orderId,
          itemId,
          status: after.status.key,
          historyId: line.id,
        });
      }
    });
  }

  /** Replace the item's attributes (atributos, key/value); the history keeps old and new. */
  setAttributes(agent: SessionUser, itemId: number, raw: ItemAttribute[], version: string) {
    return this.simple(agent, itemId, version, async (w) => {
      const check = checkItemAttributes(raw);
      if (!check.ok) {
        throw new AppError('VALIDATION_ERROR', 'atributos', {
          fields: check.problems.map((p) => ({ field: `atributos.${p.index}.${p.field}`, message: p.message })),
        });
      }
      if (JSON.stringify(check.value) === JSON.stringify(w.item.atributos)) return;
      await w.tx.update(orderItems).set({ atributos: check.value }).where(eq(orderItems.itemId, itemId));
      await w.history({ accion: 'cambio_atributos', details: { old: w.item.atributos, new: check.value } });
    });
  }

  /** Switch the data-change alert off (until the customer changes data again) or back on. */
  setDataAlert(agent: SessionUser, itemId: number, on: boolean, version: string) {
    return this.simple(agent, itemId, version, async (w) => {
      await w.tx
        .update(orderItems)
        .set({ dataAlertOffAt: on ? null : w.now })
        .where(eq(orderItems.itemId, itemId));
      await w.history({ accion: 'alerta_datos', details: { on } });
    });
  }

  /**
   * The item's data-change history (spec: getHistoricoCambiosDatos): each correction of its answers, oldest first,
   * with the answers it changed (labels from the item's answer lines) and whether the alert is on.
   */
  async dataChanges(viewer: SessionUser, itemId: number) {
    const agent = staff(viewer);
    const [item] = await this.db.select().from(orderItems).where(eq(orderItems.itemId, itemId));
    if (!item || !mayWorkOnItem(agent.role, item.panelStatusId)) throw new AppError('NOT_FOUND', `item ${itemId}`);
    const rows = await this.db
      .select({ id: itemHistory.id, details: itemHistory.details, createdAt: itemHistory.createdAt })
      .from(itemHistory)
      .where(and(eq(itemHistory.itemId, itemId), eq(itemHistory.accion, DATA_CHANGED)))
      .orderBy(asc(itemHistory.id));
    const labels = new Map(item.productOptions.map((o) => [String(o.option_id), o.label]));
    const last = rows.at(-1)?.createdAt ?? null;
    return {
      item_id: itemId,
      updated_at: item.updatedAt.toISOString(),
      alert: dataChangeAlert(last, item.dataAlertOffAt),
      alert_off_at: item.dataAlertOffAt?.toISOString() ?? null,
      changes: rows.map((r) => {
        const d = r.details ?? {};
        const record = (v: unknown) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});
        return {
          history_id: r.id,
          created_at: r.createdAt.toISOString(),
          by: d['by'] === 'customer' ? ('customer' as const) : ('staff' as const),
          answers: answerChanges(record(d['old_answers']), record(d['new_answers'])).map((c) => ({
            ...c,
            label: labels.get(c.key) ?? c.key,
          })),
        };
      }),
    };
  }
}

/** The history action of a correction of an item's answers (orders module, item-answers.service). */
const DATA_CHANGED = 'respuestas_corregidas';
