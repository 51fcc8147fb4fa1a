import { and, eq } from 'drizzle-orm';
import type { PanelStatusId } from '@ventanilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, itemFiles, itemHistory, itemNotes, orderItems, users } from '../../src/db/schema.js';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { ADMIN, AGENT, createTestApp, NOTARY, signedIn, type TestApp, TestClient } from '../support/test-app.js';

// Every action on an order item (docs/backoffice.md, "Actions"): history lines, versions, the lock, roles, bad input
// and concurrency. Runs on the embedded database, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
const clock = new Date('2026-11-24T10:00:00.000Z');
let agent: TestClient;
let admin: TestClient;
let notary: TestClient;
let customer: TestClient;
let agentId: number;
let adminId: number;
let notaryId: number;
let customerId: number;
let nextOrderId = 119_000_000;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

async function insertItem(fields: { status?: PanelStatusId; storeId?: number; priority?: number } = {}) {
  const { itemId } = await insertOrderWithItem(t.app.ctx.db, {
    orderId: nextOrderId++,
    customerId,
    storeId: fields.storeId ?? 1,
    email: 'actions-customer@example.com',
    item: { productId: 15867, panelStatusId: fields.status ?? 40, priority: fields.priority ?? 0 },
  });
  return itemId;
}

const signIn = (account: readonly [string, string]) => signedIn(t.app, account);

async function v(itemId: number): Promise<string> {
  const [row] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.itemId, itemId));
  if (!row) throw new Error(`item ${itemId} missing`);
  return row.updatedAt.toISOString();
}

async function row(itemId: number) {
  const [r] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.itemId, itemId));
  if (!r) throw new Error(`item ${itemId} missing`);
  return r;
}

async function history(itemId: number) {
  return t.app.ctx.db
    .select({
      accion: itemHistory.accion,
      oldStatus: itemHistory.oldStatus,
      newStatus: itemHistory.newStatus,
      oldReferencia: itemHistory.oldReferencia,
      newReferencia: itemHistory.newReferencia,
      adminUserId: itemHistory.adminUserId,
      details: itemHistory.details,
    })
    .from(itemHistory)
    .where(eq(itemHistory.itemId, itemId))
    .orderBy(itemHistory.id);
}

function act(client: TestClient, itemId: number, path: string, body: Record<string, unknown>) {
  return client.post(`/api/backoffice/items/${itemId}/${path}`, body);
}

function del(client: TestClient, url: string, body: Record<string, unknown>) {
  return client.request({ method: 'DELETE', url, payload: body });
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  customer = new TestClient(t.app);
  await customer.start(1);
  expect((await customer.register('actions-customer@example.com')).statusCode).toBe(201);
  agent = await signIn(AGENT);
  admin = await signIn(ADMIN);
  notary = await signIn(NOTARY);
  const db = t.app.ctx.db;
  const all = await db.select({ id: users.id, email: users.email }).from(users);
  const id = (email: string) => all.find((u) => u.email === email)?.id ?? 0;
  agentId = id(AGENT[0]);
  adminId = id(ADMIN[0]);
  notaryId = id(NOTARY[0]);
  customerId = id('actions-customer@example.com');
});
afterAll(async () => t?.close());

/** Every action route with a valid body for an item in status 40 (a version is added by the caller). */
const ACTIONS: Array<[path: string, body: Record<string, unknown>]> = [
  ['status', { panel_status_id: 50 }],
  ['notes', { text: 'una nota' }],
  ['finish', { status: 110, then: 'stop' }],
  ['close', {}],
  ['not-processing', { reason: 'El cliente lo ha pedido por teléfono' }],
  ['postpone', { until: '2026-11-25T10:00:00Z' }],
  ['delegate', { asignee_id: 1 }],
  ['reference', { referencia: 'EXP-1' }],
  ['priority', { priority: 3 }],
  ['deadline', { deadline_at: '2026-12-01T10:00:00+01:00' }],
  ['provider', { provider_id: 'registradores' }],
];

describe('roles', () => {
  it('anonymous callers get 401 and customers 403 on every action', async () => {
    const itemId = await insertItem();
    const version = await v(itemId);
    const anonymous = new TestClient(t.app);
    await anonymous.start(1);
    for (const [path, body] of [...ACTIONS, ['lead/resend', {}] as const, ['lead/closed-lost', {}] as const]) {
      const anon = await anonymous.post(`/api/backoffice/items/${itemId}/${path}`, { ...body, version });
      expect([path, anon.statusCode]).toEqual([path, 401]);
      const res = await act(customer, itemId, path, { ...body, version });
      expect([path, res.statusCode]).toEqual([path, 403]);
    }
    expect((await row(itemId)).panelStatusId).toBe(40);
  });

  it('notaries may not close, postpone, delegate, plan or handle leads (403)', async () => {
    const itemId = await insertItem({ status: 98 });
    const version = await v(itemId);
    for (const path of ['close', 'not-processing', 'postpone', 'delegate', 'priority', 'deadline', 'provider']) {
      const body = Object.fromEntries(
        ACTIONS.filter(([p]) => p === path)
          .map(([, b]) => b)
          .flatMap(Object.entries),
      );
      expect([path, (await act(notary, itemId, path, { ...body, version })).statusCode]).toEqual([path, 403]);
    }
    expect((await act(notary, itemId, 'lead/resend', { version })).statusCode).toBe(403);
  });

  it('notaries see and act on notary work only; anything else is a 404 for them', async () => {
    const other = await insertItem({ status: 40 });
    expect((await notary.get(`/api/backoffice/items/${other}`)).statusCode).toBe(404);
    const refused = await act(notary, other, 'reference', { referencia: 'X', version: await v(other) });
    expect(refused.statusCode).toBe(404);
    expect((await act(notary, other, 'notes', { text: 'x', version: await v(other) })).statusCode).toBe(404);

    const itemId = await insertItem({ status: 98 });
    expect((await notary.get(`/api/backoffice/items/${itemId}`)).statusCode).toBe(200);
    expect((await act(notary, itemId, 'status', { panel_status_id: 1000, version: await v(itemId) })).statusCode).toBe(
      200,
    );
    const out = await act(notary, itemId, 'status', { panel_status_id: 110, version: await v(itemId) });
    expect([out.statusCode, out.json().code]).toEqual([409, 'ITEM_ACTION_REFUSED']);
    expect(out.json().fields[0].message).toBe('Solo se puede pasar a un estado de notaría');
    expect(
      (await act(notary, itemId, 'reference', { referencia: 'PROT-77', version: await v(itemId) })).statusCode,
    ).toBe(200);
    const done = await act(notary, itemId, 'finish', { status: 1001, then: 'stop', version: await v(itemId) });
    expect(done.statusCode).toBe(200);
    expect((await row(itemId)).panelStatusId).toBe(1001);
  });
});

describe('delegation targets', () => {
  it('lists the back-office accounts by name, never customers; customers get 403', async () => {
    const list = (await agent.get('/api/backoffice/agents')).json().items as Array<{ id: number; role: string }>;
    expect(list.map((a) => a.id).sort()).toEqual([agentId, adminId, notaryId].sort());
    expect((await customer.get('/api/backoffice/agents')).statusCode).toBe(403);
  });
});

describe('status, close, not processing', () => {
  it('change status: history with old and new, the version moves', async () => {
    const itemId = await insertItem();
    const before = await v(itemId);
    const res = await act(agent, itemId, 'status', { panel_status_id: 50, version: before });
    expect(res.statusCode).toBe(200);
    expect(res.json().updated_at).not.toBe(before);
    expect(res.json().history[0]).toMatchObject({
      accion: 'cambio_estado',
      old_status: 40,
      new_status: 50,
      admin_name: 'Andrés Agente',
    });
    const same = await act(agent, itemId, 'status', { panel_status_id: 50, version: await v(itemId) });
    expect([same.statusCode, same.json().code]).toEqual([409, 'ITEM_ACTION_REFUSED']);
    const toUnpaid = await act(agent, itemId, 'status', { panel_status_id: 0, version: await v(itemId) });
    expect(toUnpaid.statusCode).toBe(400);
  });

  it('close: status 120 with a history line', async () => {
    const itemId = await insertItem();
    const res = await act(agent, itemId, 'close', { version: await v(itemId) });
    expect(res.statusCode).toBe(200);
    expect((await row(itemId)).panelStatusId).toBe(120);
    expect((await history(itemId)).at(-1)).toMatchObject({ accion: 'cerrado', oldStatus: 40, newStatus: 120 });
    const again = await act(agent, itemId, 'close', { version: await v(itemId) });
    expect(again.statusCode).toBe(409);
  });

  it('not processing: status 70 with the reason; short, blank or NUL reasons are refused', async () => {
    const itemId = await insertItem();
    for (const reason of ['corto', '   ', 'un motivo con \u0000 nul dentro']) {
      const res = await act(agent, itemId, 'not-processing', { reason, version: await v(itemId) });
      expect([reason, res.statusCode]).toEqual([reason, 400]);
    }
    const tooShort = await act(agent, itemId, 'not-processing', { reason: 'corto', version: await v(itemId) });
    expect(tooShort.json().fields).toEqual([{ field: 'reason', message: 'Escribe al menos 10 caracteres' }]);
    const res = await act(agent, itemId, 'not-processing', {
      reason: '  Pedido duplicado del 100000002  ',
      version: await v(itemId),
    });
    expect(res.statusCode).toBe(200);
    expect((await row(itemId)).panelStatusId).toBe(70);
    expect((await history(itemId)).at(-1)).toMatchObject({
      accion: 'no_tramitar',
      newStatus: 70,
      details: { reason: 'Pedido duplicado del 100000002' },
    });
  });
});

describe('planning: postpone, delegate, reference, priority, deadline, provider', () => {
  it('postpone: out of the queue until then; past, malformed and absurd dates are refused; null resumes', async () => {
    const itemId = await insertItem({ priority: 10 });
    for (const until of [
      '2026-11-24T09:00:00Z',
      '2026-11-24T10:00:00Z',
      'mañana',
      '2026-02-30T10:00:00Z',
      '99999-01-01T00:00:00Z',
      '2026-11-25T10:00:00',
    ]) {
      const res = await act(agent, itemId, 'postpone', { until, version: await v(itemId) });
      expect([until, res.statusCode]).toEqual([until, 400]);
    }
    const res = await act(agent, itemId, 'postpone', { until: '2026-11-25T09:00:00+01:00', version: await v(itemId) });
    expect(res.statusCode).toBe(200);
    expect((await row(itemId)).standbyUntil?.toISOString()).toBe('2026-11-25T08:00:00.000Z');
    const detail = (await agent.get(`/api/backoffice/items/${itemId}`)).json();
    expect(detail.standby_until).toBe('2026-11-25T08:00:00.000Z');
    // The queue skips it (it has the top priority, yet it is not given).
    const next = await agent.post('/api/backoffice/queue/next', { queue: 'default' });
    if (next.statusCode === 200) {
      expect(next.json().item_id).not.toBe(itemId);
      await agent.delete(`/api/backoffice/items/${next.json().item_id}/lock`);
    }
    expect((await act(agent, itemId, 'postpone', { until: null, version: await v(itemId) })).statusCode).toBe(200);
    expect((await row(itemId)).standbyUntil).toBeNull();
    expect((await history(itemId)).map((h) => h.accion)).toEqual(['pospuesto', 'pospuesto_anulado']);
  });

  it('delegate: to an agent (lock released, history); never to a customer, an unknown or a huge id', async () => {
    const itemId = await insertItem();
    await agent.post(`/api/backoffice/items/${itemId}/lock`);
    for (const asignee_id of [customerId, 999_999, 2 ** 31, 1e300, -1, 'uno']) {
      const res = await act(agent, itemId, 'delegate', { asignee_id, version: await v(itemId) });
      expect([asignee_id, res.statusCode]).toEqual([asignee_id, 400]);
    }
    const notaryRefused = await act(agent, itemId, 'delegate', { asignee_id: notaryId, version: await v(itemId) });
    expect(notaryRefused.statusCode).toBe(409);
    const res = await act(agent, itemId, 'delegate', { asignee_id: adminId, version: await v(itemId) });
    expect(res.statusCode).toBe(200);
    const r = await row(itemId);
    expect([r.asigneeId, r.lockedBy]).toEqual([adminId, null]);
    expect((await history(itemId)).at(-1)).toMatchObject({
      accion: 'delegado',
      adminUserId: agentId,
      details: { old: null, new: adminId },
    });
    const detail = (await agent.get(`/api/backoffice/items/${itemId}`)).json();
    expect(detail.asignee).toEqual({ id: adminId, name: expect.any(String) });
    expect((await act(admin, itemId, 'delegate', { asignee_id: null, version: await v(itemId) })).statusCode).toBe(200);
    expect((await row(itemId)).asigneeId).toBeNull();
  });

  it('reference: the history keeps old and new; long, multi-line or NUL references are refused', async () => {
    const itemId = await insertItem();
    expect(
      (await act(agent, itemId, 'reference', { referencia: ' EXP-1 ', version: await v(itemId) })).statusCode,
    ).toBe(200);
    expect((await act(agent, itemId, 'reference', { referencia: 'EXP-2', version: await v(itemId) })).statusCode).toBe(
      200,
    );
    for (const referencia of ['x'.repeat(101), 'a\nb', 'a\u0000b']) {
      const res = await act(agent, itemId, 'reference', { referencia, version: await v(itemId) });
      expect(res.statusCode).toBe(400);
    }
    expect((await history(itemId)).map((h) => [h.accion, h.oldReferencia, h.newReferencia])).toEqual([
      ['cambio_referencia', null, 'EXP-1'],
      ['cambio_referencia', 'EXP-1', 'EXP-2'],
    ]);
    const detail = (await agent.get(`/api/backoffice/items/${itemId}`)).json();
    expect(detail.referencia).toBe('EXP-2');
    expect(detail.history[0]).toMatchObject({ old_referencia: 'EXP-1', new_referencia: 'EXP-2' });
  });

  it('priority 0-10; fractions, huge numbers and strings are refused', async () => {
    const itemId = await insertItem();
    for (const priority of [11, -1, 1.5, 1e20, 'cinco']) {
      const res = await act(agent, itemId, 'priority', { priority, version: await v(itemId) });
      expect([priority, res.statusCode]).toEqual([priority, 400]);
    }
    const huge = await agent.request({
      method: 'POST',
      url: `/api/backoffice/items/${itemId}/priority`,
      headers: { 'content-type': 'application/json' },
      payload: `{"priority": 1e400, "version": "${await v(itemId)}"}`,
    });
    expect(huge.statusCode).toBe(400);
    expect((await act(agent, itemId, 'priority', { priority: 7, version: await v(itemId) })).statusCode).toBe(200);
    expect((await row(itemId)).priority).toBe(7);
    expect((await history(itemId)).at(-1)).toMatchObject({ accion: 'cambio_prioridad', details: { old: 0, new: 7 } });
  });

  it('deadline: ISO with offset, in the future; null removes it', async () => {
    const itemId = await insertItem();
    for (const deadline_at of ['2026-12-01', '2026-12-01T10:00:00', '2020-01-01T00:00:00Z', '2026-12-32T00:00:00Z']) {
      const res = await act(agent, itemId, 'deadline', { deadline_at, version: await v(itemId) });
      expect([deadline_at, res.statusCode]).toEqual([deadline_at, 400]);
    }
    const ok = await act(agent, itemId, 'deadline', {
      deadline_at: '2026-12-01T10:00:00+01:00',
      version: await v(itemId),
    });
    expect(ok.statusCode).toBe(200);
    expect((await row(itemId)).deadlineAt?.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect((await act(agent, itemId, 'deadline', { deadline_at: null, version: await v(itemId) })).statusCode).toBe(
      200,
    );
    expect((await row(itemId)).deadlineAt).toBeNull();
  });

  it('provider: an id, stored on the item; malformed ids are refused', async () => {
    const itemId = await insertItem();
    // The id must name an active provider of the providers list (seeded: registradores, notariado, ...).
    for (const provider_id of ['-x', 'a b', 'x'.repeat(65), 'a\u0000', 'registradores.es']) {
      const res = await act(agent, itemId, 'provider', { provider_id, version: await v(itemId) });
      expect(res.statusCode).toBe(400);
    }
    expect(
      (await act(agent, itemId, 'provider', { provider_id: 'registradores', version: await v(itemId) })).statusCode,
    ).toBe(200);
    expect((await row(itemId)).providerId).toBe('registradores');
    expect((await agent.get(`/api/backoffice/items/${itemId}`)).json().provider_id).toBe('registradores');
  });
});

describe('leads', () => {
  it('resend and closed lost apply to unpaid items only', async () => {
    const paid = await insertItem();
    const refused = await act(agent, paid, 'lead/resend', { version: await v(paid) });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'ITEM_ACTION_REFUSED']);
    const lead = await insertItem({ status: 0 });
    expect((await act(agent, lead, 'lead/resend', { version: await v(lead) })).statusCode).toBe(200);
    expect((await act(agent, lead, 'lead/closed-lost', { version: await v(lead) })).statusCode).toBe(200);
    expect((await row(lead)).panelStatusId).toBe(120);
    expect((await history(lead)).map((h) => [h.accion, h.oldStatus, h.newStatus])).toEqual([
      ['lead_reenviado', null, null],
      ['lead_cerrado_perdido', 0, 120],
    ]);
  });

  it('resend e-mails the customer a payment reminder with a working pay link, at most once per 12 hours', async () => {
    const lead = await insertItem({ status: 0 });
    const { orderId } = await row(lead);
    const reminders = () =>
      t.app.ctx.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, 'payment_reminder')));

    expect((await act(agent, lead, 'lead/resend', { version: await v(lead) })).statusCode).toBe(200);
    const [mail, ...more] = await reminders();
    expect(more).toEqual([]);
    expect(mail?.toAddress).toBe('actions-customer@example.com');
    expect(mail?.subject).toBe(`Tu pedido ${orderId} está pendiente de pago`);
    const key = /payment\/order\/(\d+)(?:\?[^#\s]*)?#k=([^\s"<]+)/.exec(mail?.textBody ?? '');
    expect(key?.[1]).toBe(String(orderId));
    const stranger = new TestClient(t.app);
    await stranger.start();
    const status = await stranger.post(`/api/pay-links/${orderId}`, { key: key?.[2] ?? '' });
    expect([status.statusCode, status.json().order_id, status.json().paid]).toEqual([200, orderId, false]);

    // A second request, by another agent, within 12 hours: refused, nothing sent, nothing recorded.
    const again = await act(admin, lead, 'lead/resend', { version: await v(lead) });
    expect([again.statusCode, again.json().code]).toEqual([409, 'ITEM_ACTION_REFUSED']);
    expect(again.json().fields[0].message).toBe(
      'Ya se ha enviado un recordatorio de pago al cliente en las últimas 12 horas',
    );
    expect(await reminders()).toHaveLength(1);

    // Twelve hours later (the last reminder moved back in time), a new one goes out.
    await t.app.ctx.db
      .update(itemHistory)
      .set({ createdAt: new Date(clock.getTime() - 12 * 3_600_000) })
      .where(and(eq(itemHistory.itemId, lead), eq(itemHistory.accion, 'lead_reenviado')));
    expect((await act(admin, lead, 'lead/resend', { version: await v(lead) })).statusCode).toBe(200);
    expect(await reminders()).toHaveLength(2);
    expect((await history(lead)).map((h) => h.accion)).toEqual(['lead_reenviado', 'lead_reenviado']);
  });
});

describe('notes and files', () => {
  it('notes: pinned first, unpin, delete by the author or an admin; admin 1 is shown as "Sistema"', async () => {
    const itemId = await insertItem();
    const first = (await act(agent, itemId, 'notes', { text: 'primera', version: await v(itemId) })).json();
    const second = (await act(agent, itemId, 'notes', { text: 'segunda', version: await v(itemId) })).json();
    const byAdmin = (await act(admin, itemId, 'notes', { text: 'del admin', version: await v(itemId) })).json();
    let detail = (await agent.get(`/api/backoffice/items/${itemId}`)).json();
    expect(detail.notes.map((n: { text: string }) => n.text)).toEqual(['del admin', 'segunda', 'primera']);
    expect(detail.notes[0].admin_name).toBe(adminId === 1 ? 'Sistema' : expect.any(String));

    const pin = await act(agent, itemId, `notes/${first.id}/pin`, { pinned: true, version: await v(itemId) });
    expect(pin.statusCode).toBe(200);
    detail = (await agent.get(`/api/backoffice/items/${itemId}`)).json();
    expect(detail.notes.map((n: { text: string; pinned: boolean }) => [n.text, n.pinned])).toEqual([
      ['primera', true],
      ['del admin', false],
      ['segunda', false],
    ]);
    await act(agent, itemId, `notes/${first.id}/pin`, { pinned: false, version: await v(itemId) });
    detail = (await agent.get(`/api/backoffice/items/${itemId}`)).json();
    expect(detail.notes[0].text).toBe('del admin');

    // The agent may not delete the admin's note; the admin may delete the agent's.
    const notMine = await del(agent, `/api/backoffice/items/${itemId}/notes/${byAdmin.id}`, {
      version: await v(itemId),
    });
    expect([notMine.statusCode, notMine.json().code]).toEqual([409, 'ITEM_ACTION_REFUSED']);
    const gone = await del(admin, `/api/backoffice/items/${itemId}/notes/${second.id}`, { version: await v(itemId) });
    expect(gone.statusCode).toBe(200);
    expect((await t.app.ctx.db.select().from(itemNotes).where(eq(itemNotes.itemId, itemId))).length).toBe(2);
    expect((await history(itemId)).at(-1)).toMatchObject({
      accion: 'nota_borrada',
      details: { note_id: second.id, text: 'segunda', author_id: agentId },
    });
    // Another item's note is not this item's: 404.
    const elsewhere = await insertItem();
    const wrong = await del(agent, `/api/backoffice/items/${elsewhere}/notes/${first.id}`, {
      version: await v(elsewhere),
    });
    expect(wrong.statusCode).toBe(404);
    const hugeId = await del(agent, `/api/backoffice/items/${itemId}/notes/99999999999`, { version: await v(itemId) });
    expect(hugeId.statusCode).toBe(400);
  });

  it('files: the version field may come before or after the file; a request without a file is refused', async () => {
    const itemId = await insertItem();
    const boundary = 'b0undary';
    const versionPart = async () =>
      `--${boundary}\r\nContent-Disposition: form-data; name="version"\r\n\r\n${await v(itemId)}\r\n`;
    const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="nota.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const send = (payload: Buffer) =>
      agent.request({
        method: 'POST',
        url: `/api/backoffice/items/${itemId}/files`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    // The file first, the version after it (what a browser's FormData sends when the file is appended first).
    const after = await send(
      Buffer.concat([Buffer.from(filePart), PDF, Buffer.from(`\r\n${await versionPart()}--${boundary}--\r\n`)]),
    );
    expect(after.statusCode).toBe(201);
    // A stale version after the file is still checked.
    const stale = `--${boundary}\r\nContent-Disposition: form-data; name="version"\r\n\r\n2020-01-01T00:00:00.000Z\r\n`;
    const refused = await send(
      Buffer.concat([Buffer.from(filePart), PDF, Buffer.from(`\r\n${stale}--${boundary}--\r\n`)]),
    );
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'VERSION_CONFLICT']);
    const noFile = await send(Buffer.from(`${await versionPart()}--${boundary}--\r\n`));
    expect(noFile.statusCode).toBe(400);
    expect((await t.app.ctx.db.select().from(itemFiles).where(eq(itemFiles.itemId, itemId))).length).toBe(1);
  });

  it("files: delete the staff's upload (history); the customer's own documents stay", async () => {
    const itemId = await insertItem();
    const boundary = 'b0undary';
    const upload = await agent.request({
      method: 'POST',
      url: `/api/backoffice/items/${itemId}/files`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="version"\r\n\r\n${await v(itemId)}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="nota.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode).toBe(201);
    const fileId = upload.json().id as number;
    const res = await del(agent, `/api/backoffice/items/${itemId}/files/${fileId}`, { version: await v(itemId) });
    expect(res.statusCode).toBe(200);
    expect((await t.app.ctx.db.select().from(itemFiles).where(eq(itemFiles.id, fileId))).length).toBe(0);
    expect((await history(itemId)).at(-1)).toMatchObject({
      accion: 'archivo_borrado',
      details: { file_id: fileId, filename: 'nota.pdf' },
    });
    const again = await del(agent, `/api/backoffice/items/${itemId}/files/${fileId}`, { version: await v(itemId) });
    expect(again.statusCode).toBe(404);

    const [customerFile] = await t.app.ctx.db
      .insert(itemFiles)
      .values({
        itemId,
        filename: 'dni.pdf',
        contentType: 'application/pdf',
        size: 10,
        sha256: 'x',
        storageKey: 'x',
        uploadId: 'upl_1',
        optionId: 5,
      })
      .returning();
    const kept = await del(agent, `/api/backoffice/items/${itemId}/files/${customerFile!.id}`, {
      version: await v(itemId),
    });
    expect([kept.statusCode, kept.json().fields[0].message]).toEqual([
      409,
      'Los documentos que subió el cliente no se pueden borrar',
    ]);
  });
});

describe('finish', () => {
  it('then=stop: sets the result, releases the lock, next is null', async () => {
    const itemId = await insertItem();
    await agent.post(`/api/backoffice/items/${itemId}/lock`);
    const res = await act(agent, itemId, 'finish', { status: 110, then: 'stop', version: await v(itemId) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ item_id: itemId, next: null });
    const r = await row(itemId);
    expect([r.panelStatusId, r.lockedBy, r.lockExpiresAt]).toEqual([110, null, null]);
    expect((await history(itemId)).at(-1)).toMatchObject({
      accion: 'finalizado',
      oldStatus: 40,
      newStatus: 110,
      details: { then: 'stop' },
    });
  });

  it('then=next: pulls the next item of the queue, locked to the agent, like queue/next', async () => {
    const itemId = await insertItem({ storeId: 16 });
    const waiting = await insertItem({ storeId: 16, priority: 9 });
    await agent.post(`/api/backoffice/items/${itemId}/lock`);
    const res = await act(agent, itemId, 'finish', { status: 60, then: 'next', version: await v(itemId) });
    expect(res.statusCode).toBe(200);
    // Store 16 is Portuguese: without `queue`, the item's own queue.
    expect(res.json()).toMatchObject({
      item_id: itemId,
      next: { item_id: waiting, locked_by: agentId, queue: 'portugal' },
    });
    expect((await row(waiting)).lockedBy).toBe(agentId);
    expect((await row(itemId)).lockedBy).toBeNull();
    await agent.delete(`/api/backoffice/items/${waiting}/lock`);
  });

  it('a result must take the item out of the queue; the body is checked', async () => {
    const itemId = await insertItem();
    const work = await act(agent, itemId, 'finish', { status: 80, then: 'stop', version: await v(itemId) });
    expect([work.statusCode, work.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    for (const body of [
      { status: 110, then: 'later' },
      { status: 110, then: 'next', queue: 'ireland' },
      { status: 'x', then: 'stop' },
      { status: 110 },
    ]) {
      expect((await act(agent, itemId, 'finish', { ...body, version: await v(itemId) })).statusCode).toBe(400);
    }
  });

  it('two finishes of one item at once: one wins, the other is told the order changed', async () => {
    const itemId = await insertItem();
    await agent.post(`/api/backoffice/items/${itemId}/lock`);
    const version = await v(itemId);
    const results = await Promise.all([
      act(agent, itemId, 'finish', { status: 110, then: 'stop', version }),
      act(agent, itemId, 'finish', { status: 120, then: 'stop', version }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().code).toBe('VERSION_CONFLICT');
    expect((await history(itemId)).filter((h) => h.accion === 'finalizado')).toHaveLength(1);
  });
});

describe('versions and the lock', () => {
  it('a stale version is a 409 VERSION_CONFLICT on every action, in the store language; nothing is written', async () => {
    const itemId = await insertItem({ status: 0 });
    const stale = '2020-01-01T00:00:00.000Z';
    for (const [path, body] of [...ACTIONS, ['lead/resend', {}] as const]) {
      const res = await act(agent, itemId, path, { ...body, version: stale });
      expect([path, res.statusCode, res.json().code]).toEqual([path, 409, 'VERSION_CONFLICT']);
    }
    const res = await act(agent, itemId, 'close', { version: stale });
    expect(res.json().message).toBe(
      'El pedido ha cambiado desde que lo abriste. Se ha recargado con los últimos cambios: revisa y vuelve a intentarlo.',
    );
    expect(await history(itemId)).toEqual([]);
  });

  it('a missing, malformed or NUL-bearing version is a 400', async () => {
    const itemId = await insertItem();
    const current = await v(itemId);
    for (const version of [undefined, '', 'ayer', `${current}\u0000`, 'x'.repeat(1000), 12345]) {
      const res = await act(agent, itemId, 'close', version === undefined ? {} : { version });
      expect(res.statusCode).toBe(400);
    }
  });

  it('every write moves the version forward (even under a frozen clock)', async () => {
    const itemId = await insertItem();
    const seen = new Set<string>([await v(itemId)]);
    const steps: Array<[string, Record<string, unknown>]> = [
      ['reference', { referencia: 'R-1' }],
      ['priority', { priority: 2 }],
      ['provider', { provider_id: 'catastro' }],
      ['deadline', { deadline_at: '2026-12-24T10:00:00Z' }],
      ['postpone', { until: '2026-11-24T12:00:00Z' }],
      ['notes', { text: 'n' }],
      ['status', { panel_status_id: 50 }],
      ['close', {}],
    ];
    for (const [path, body] of steps) {
      const res = await act(agent, itemId, path, { ...body, version: await v(itemId) });
      expect([path, res.statusCode < 300]).toEqual([path, true]);
      const now = await v(itemId);
      expect(seen.has(now)).toBe(false);
      seen.add(now);
    }
  });

  it('each write answers the new version, so a quick second action by the same agent carries it (note, then pin)', async () => {
    const itemId = await insertItem();
    const loaded = await v(itemId);
    const note = await act(agent, itemId, 'notes', { text: 'nota rápida', version: loaded });
    expect(note.statusCode).toBe(201);
    expect(note.json().item_updated_at).toBe(await v(itemId));
    // The screen still shows the version it loaded: sending it is refused; the answered one is not.
    const stale = await act(agent, itemId, `notes/${note.json().id}/pin`, { pinned: true, version: loaded });
    expect(stale.statusCode).toBe(409);
    const pin = await act(agent, itemId, `notes/${note.json().id}/pin`, {
      pinned: true,
      version: note.json().item_updated_at,
    });
    expect(pin.statusCode).toBe(200);
    expect(pin.json().updated_at).toBe(await v(itemId));
    const boundary = 'qu3ue';
    const file = await agent.request({
      method: 'POST',
      url: `/api/backoffice/items/${itemId}/files`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="version"\r\n\r\n${pin.json().updated_at}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="n.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(file.statusCode, file.body).toBe(201);
    expect(file.json().item_updated_at).toBe(await v(itemId));
  });

  it("another agent's lock: every action is a 423 naming the holder, whatever the body", async () => {
    const itemId = await insertItem();
    await agent.post(`/api/backoffice/items/${itemId}/lock`);
    const version = await v(itemId);
    const note = (await act(agent, itemId, 'notes', { text: 'mía', version })).json();
    const after = await v(itemId);
    const writes = [
      ...ACTIONS.map(
        ([path, body]) =>
          () =>
            act(admin, itemId, path, { ...body, version: after }),
      ),
      () => act(admin, itemId, 'lead/resend', {}),
      () => act(admin, itemId, `notes/${note.id}/pin`, { pinned: true, version: after }),
      () => del(admin, `/api/backoffice/items/${itemId}/notes/${note.id}`, { version: after }),
      () => del(admin, `/api/backoffice/items/${itemId}/files/1`, { version: after }),
      () => act(admin, itemId, 'status', { nonsense: true }),
    ];
    for (const write of writes) {
      const res = await write();
      expect([res.statusCode, res.json().code]).toEqual([423, 'ITEM_LOCKED']);
      expect(res.json().lock).toMatchObject({ item_id: itemId, locked_by: agentId });
    }
    expect(await v(itemId)).toBe(after);
  });
});
