// The account after the sale (docs/customer-panel.md): the e-mail change confirmed by a link sent to the new address
// (read back from a real SMTP server), the GDPR export and the account deletion by the domain's erasure rules.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountDeletions,
  emailChangeRequests,
  emailOutbox,
  itemFiles,
  itemNotes,
  orders,
  signInDevices,
  signInLinks,
  ticketMessages,
  ticketNotes,
  tickets,
  users,
} from '../../src/db/schema.js';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
let smtp: SmtpSink;
let nextOrder = 930_000_001;
let seq = 0;
const PASSWORD = 'first-password-2026';

beforeAll(async () => {
  smtp = await new SmtpSink().start();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});
beforeEach(() => {
  smtp.received.length = 0;
});

async function newCustomer(prefix = 'cuenta'): Promise<{ c: TestClient; email: string; id: number }> {
  const c = new TestClient(t.app);
  const email = `${prefix}-${++seq}@example.com`;
  expect((await c.register(email, PASSWORD)).statusCode).toBe(201);
  const me = (await c.get('/api/me')).json<{ user: { id: number } }>();
  return { c, email, id: me.user.id };
}

/** Asks for a change and returns the token of the link that reached the new address. */
async function requestChange(c: TestClient, newEmail: string): Promise<string> {
  const res = await c.post('/api/me/email-change', { new_email: newEmail, current_password: PASSWORD });
  expect(res.statusCode).toBe(202);
  await t.app.ctx.emailDispatcher.dispatchOnce();
  const mail = smtp.to(newEmail).at(-1);
  const link = /https?:\/\/\S+#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!link) throw new Error(`no confirmation e-mail for ${newEmail}`);
  expect(link[0]).toContain('/cuenta/email/confirmar');
  return link[1]!;
}

let ip = 1;
/** Opens the link from a fresh browser with its own address (the per-IP limit of the route stays out of the way). */
async function confirm(token: string) {
  const c = new TestClient(t.app);
  const remoteAddress = `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
  const request = c.request.bind(c);
  c.request = (options) => request({ ...options, remoteAddress });
  await c.start();
  return c.post('/api/auth/email-change/confirm', { token });
}

describe('e-mail change', () => {
  it('needs the current password and a new, valid, free address', async () => {
    const { c, email } = await newCustomer();
    const other = await newCustomer('ocupado');
    const wrong = await c.post('/api/me/email-change', { new_email: 'x@example.com', current_password: 'nope-nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields[0].field).toBe('current_password');
    const same = await c.post('/api/me/email-change', { new_email: email.toUpperCase(), current_password: PASSWORD });
    expect(same.json().fields[0]).toMatchObject({
      field: 'new_email',
      message: 'El email nuevo debe ser distinto del actual',
    });
    const invalid = await c.post('/api/me/email-change', { new_email: 'no-at-sign', current_password: PASSWORD });
    expect(invalid.statusCode).toBe(400);
    // Taken: a clear 409 that says no more than registration does.
    const taken = await c.post('/api/me/email-change', { new_email: other.email, current_password: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
    expect(JSON.stringify(taken.json())).not.toContain(String(other.id));
    // Anonymous: 401; without the CSRF header: 403.
    const anonymous = new TestClient(t.app);
    await anonymous.start();
    expect((await anonymous.post('/api/me/email-change', {})).statusCode).toBe(401);
    const noCsrf = await c.request({
      method: 'POST',
      url: '/api/me/email-change',
      payload: { new_email: 'y@example.com', current_password: PASSWORD },
      headers: { 'x-csrf-token': '' },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(smtp.received).toHaveLength(0);
  });

  it('changes the address only when the link is opened; the old address is told; the link works once', async () => {
    const { c, email, id } = await newCustomer();
    const next = `nuevo-${seq}@example.com`;
    const token = await requestChange(c, next);
    // The outbox (which staff can list) never holds the token; only its hash is stored.
    const [stored] = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, next));
    expect(stored?.textBody).not.toContain(token);
    const [request] = await t.app.ctx.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, id));
    expect(request?.tokenHash).not.toBe(token);
    expect(request?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // Until then nothing changed.
    expect((await c.get('/api/me/account')).json().email).toBe(email);
    expect((await c.get('/api/me/email-change')).json().pending.pending_email).toBe(next);

    const ok = await confirm(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ email: next });
    expect((await c.get('/api/me/account')).json().email).toBe(next);
    expect((await c.get('/api/me/email-change')).json().pending).toBeNull();
    // The old address gets a notice with the new one masked.
    await t.app.ctx.emailDispatcher.dispatchOnce();
    const notice = smtp.to(email).at(-1);
    expect(notice?.subject).toContain('ha cambiado');
    expect(notice?.text).toContain(`n***@e***.com`);
    expect(notice?.text).not.toContain(next);
    // Sign-in: the new address works, the old one does not.
    expect((await new TestClient(t.app).login(next, PASSWORD)).statusCode).toBe(200);
    expect((await new TestClient(t.app).login(email, PASSWORD)).statusCode).toBe(401);
    // Reuse: refused.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('EMAIL_CHANGE_TOKEN_INVALID');
    // Activities record it.
    const kinds = (await c.get('/api/me/activities')).json().items.map((a: { kind: string }) => a.kind);
    expect(kinds).toEqual(['email_changed', 'email_change_requested']);
  });

  it('refuses expired, malformed and unknown tokens; a newer request voids the older link', async () => {
    const { c, id } = await newCustomer();
    const first = await requestChange(c, `primero-${seq}@example.com`);
    const second = await requestChange(c, `segundo-${seq}@example.com`);
    expect((await confirm(first)).statusCode).toBe(400);
    await t.app.ctx.db
      .update(emailChangeRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.userId, id));
    expect((await confirm(second)).json().code).toBe('EMAIL_CHANGE_TOKEN_INVALID');
    for (const bad of ['', 'short', 'a'.repeat(43), `${'a'.repeat(42)}\u0000`, '../../etc']) {
      const res = await confirm(bad);
      expect(res.statusCode).toBe(400);
    }
  });

  it('concurrent confirmations: one wins', async () => {
    const { c } = await newCustomer();
    const token = await requestChange(c, `carrera-${seq}@example.com`);
    const results = await Promise.all([confirm(token), confirm(token), confirm(token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('an address taken between the request and the link: 409, nothing changes, the link can be retried later', async () => {
    const { c, email } = await newCustomer();
    const wanted = `disputado-${seq}@example.com`;
    const token = await requestChange(c, wanted);
    expect((await new TestClient(t.app).register(wanted, PASSWORD)).statusCode).toBe(201);
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_TAKEN');
    expect((await c.get('/api/me/account')).json().email).toBe(email);
  });
});

describe('GDPR export', () => {
  it('downloads the customer’s own data, without staff notes, secrets or other people’s data', async () => {
    const { c, email, id } = await newCustomer('export');
    const other = await newCustomer('ajeno');
    const mine = await insertOrderWithItem(t.app.ctx.db, { orderId: nextOrder++, customerId: id, email });
    await insertOrderWithItem(t.app.ctx.db, { orderId: nextOrder++, customerId: other.id, email: other.email });
    const [agent] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'agente@ventanilla.test'));
    await t.app.ctx.db
      .insert(itemNotes)
      .values({ itemId: mine.itemId, text: 'NOTA-INTERNA-SECRETA', adminUserId: agent!.id });
    const file = (itemId: number, filename: string, visibleToCustomer: boolean) => ({
      itemId,
      filename,
      contentType: 'application/pdf',
      size: 3,
      storageKey: `export-${filename}`,
      sha256: 'c'.repeat(64),
      visibleToCustomer,
    });
    await t.app.ctx.db
      .insert(itemFiles)
      .values([file(mine.itemId, 'entregado.pdf', true), file(mine.itemId, 'INTERNO-SOLO-STAFF.pdf', false)]);
    // A ticket of the customer (an agent's note on it, a reply copied to a third person) and one of the other customer.
    const ticket = (customerId: number, mail: string, subject: string) => ({
      status: 1 as never,
      email: mail,
      subject,
      storeId: 1,
      source: 'contact' as const,
      customerId,
    });
    const [myTicket] = await t.app.ctx.db
      .insert(tickets)
      .values(ticket(id, email, 'Mi consulta'))
      .returning({ id: tickets.id });
    await t.app.ctx.db.insert(tickets).values(ticket(other.id, other.email, 'TICKET-AJENO'));
    await t.app.ctx.db
      .insert(ticketNotes)
      .values({ ticketId: myTicket!.id, text: 'NOTA-TICKET-SECRETA', adminUserId: agent!.id });
    await t.app.ctx.db.insert(ticketMessages).values({
      ticketId: myTicket!.id,
      direction: 'out',
      fromEmail: 'agente@ventanilla.test',
      toEmails: [email],
      ccEmails: ['tercero-copiado@example.com'],
      subject: 'Re: Mi consulta',
      text: 'Respuesta al cliente',
      adminUserId: agent!.id,
    });
    await c.post('/api/me/email-change', { new_email: `export-nuevo-${seq}@example.com`, current_password: PASSWORD });

    const res = await c.get('/api/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="ventanilla-mis-datos-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.account).toMatchObject({ id, email, firstname: 'Lucía' });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ order_id: mine.orderId, total: '12.10' });
    expect(data.orders[0].items[0]).toMatchObject({ product_name: 'Nota simple', status: 'processing' });
    expect(data.consents).toMatchObject({ newsletter: false, save_items_from_orders: false });
    expect(data.email_changes).toHaveLength(1);
    expect(data.orders[0].items[0].documents.map((d: { filename: string }) => d.filename)).toEqual(['entregado.pdf']);
    expect(data.tickets).toHaveLength(1);
    expect(data.tickets[0]).toMatchObject({ id: myTicket!.id, subject: 'Mi consulta' });
    expect(data.tickets[0].messages).toMatchObject([{ direction: 'out', text: 'Respuesta al cliente' }]);
    const text = res.body;
    for (const secret of [
      'NOTA-INTERNA-SECRETA',
      'NOTA-TICKET-SECRETA',
      'INTERNO-SOLO-STAFF',
      'TICKET-AJENO',
      'tercero-copiado@',
      other.email,
      'argon2',
      'password_hash',
      'token_hash',
      'agente@',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect((await c.get('/api/me/activities')).json().items[0].kind).toBe('data_exported');
    expect((await new TestClient(t.app).get('/api/me/export')).statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  it('needs the password, waits for open orders, then erases, anonymises and keeps by the rules', async () => {
    const { c, email, id } = await newCustomer('borrar');
    const paid = await insertOrderWithItem(t.app.ctx.db, {
      orderId: nextOrder++,
      customerId: id,
      email,
      order: { paidAt: new Date() },
    });
    const [agent] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'agente@ventanilla.test'));
    await t.app.ctx.db.insert(itemNotes).values({ itemId: paid.itemId, text: 'staff record', adminUserId: agent!.id });
    const [identity] = await t.app.ctx.db
      .insert(itemFiles)
      .values({
        itemId: paid.itemId,
        filename: 'dni.pdf',
        contentType: 'application/pdf',
        size: 3,
        storageKey: 'gone-key-1',
        sha256: 'a'.repeat(64),
        uploadId: 'u1',
        visibleToCustomer: true,
      })
      .returning();
    const [staffOnly] = await t.app.ctx.db
      .insert(itemFiles)
      .values({
        itemId: paid.itemId,
        filename: 'interno.pdf',
        contentType: 'application/pdf',
        size: 3,
        storageKey: 'kept-key-1',
        sha256: 'b'.repeat(64),
        visibleToCustomer: false,
      })
      .returning();

    const wrong = await c.post('/api/me/account/delete', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields[0].field).toBe('password');
    const open = await c.post('/api/me/account/delete', { password: PASSWORD });
    expect(open.statusCode).toBe(409);
    expect(open.json().code).toBe('ACCOUNT_HAS_OPEN_ORDERS');

    // The line is delivered: nothing open any more.
    await t.app.ctx.db.execute(`update order_items set panel_status_id = 110 where item_id = ${paid.itemId}` as never);
    const other = new TestClient(t.app);
    expect((await other.login(email, PASSWORD)).statusCode).toBe(200);
    // A sign-in link asked before the deletion, and the known devices of both sign-ins, must not outlive it.
    expect((await other.post('/api/auth/sign-in-link', { email })).statusCode).toBe(202);
    const done = await c.post('/api/me/account/delete', { password: PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ deleted: true });
    expect(done.json().retained).toContain('invoices');
    // Signed out everywhere, cannot sign in, the address is free again.
    expect((await c.get('/api/me')).statusCode).toBe(401);
    expect((await other.get('/api/me')).statusCode).toBe(401);
    expect((await new TestClient(t.app).login(email, PASSWORD)).statusCode).toBe(401);
    expect((await new TestClient(t.app).register(email, PASSWORD)).statusCode).toBe(201);
    // The order stays, anonymised; the identity document is erased, the staff's file and note stay.
    const [order] = await t.app.ctx.db.select().from(orders).where(eq(orders.orderId, paid.orderId));
    expect(order).toMatchObject({
      customerId: id,
      customerEmail: `deleted-${id}@deleted.invalid`,
      customerFirstname: '',
    });
    const files = await t.app.ctx.db.select().from(itemFiles).where(eq(itemFiles.itemId, paid.itemId));
    expect(files.map((f) => f.id)).toEqual([staffOnly!.id]);
    expect(files.map((f) => f.id)).not.toContain(identity!.id);
    expect(await t.app.ctx.db.select().from(itemNotes).where(eq(itemNotes.itemId, paid.itemId))).toHaveLength(1);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ active: false, firstname: '', lastname: '', email: `deleted-${id}@deleted.invalid` });
    expect(await t.app.ctx.db.select().from(accountDeletions).where(eq(accountDeletions.userId, id))).toHaveLength(1);
    expect(await t.app.ctx.db.select().from(signInDevices).where(eq(signInDevices.userId, id))).toEqual([]);
    expect(await t.app.ctx.db.select().from(signInLinks).where(eq(signInLinks.userId, id))).toEqual([]);
    const sent = await t.app.ctx.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, id), eq(emailOutbox.toAddress, email)));
    expect(sent).toHaveLength(0);
  });

  it('two deletions at once: one deletes, the other finds the account gone; another customer is untouched', async () => {
    const { c, email, id } = await newCustomer('doble');
    const bystander = await newCustomer('vecino');
    const theirs = await insertOrderWithItem(t.app.ctx.db, {
      orderId: nextOrder++,
      customerId: bystander.id,
      email: bystander.email,
    });
    // The same session twice (a double click) and a second browser of the same customer, from their own address
    // (the deletion route's per-address limit stays out of this and the next test).
    const second = new TestClient(t.app);
    for (const client of [c, second]) {
      const request = client.request.bind(client);
      client.request = (options) => request({ ...options, remoteAddress: '10.7.0.1' });
    }
    expect((await second.login(email, PASSWORD)).statusCode).toBe(200);
    const results = await Promise.all([
      c.post('/api/me/account/delete', { password: PASSWORD }),
      c.post('/api/me/account/delete', { password: PASSWORD }),
      second.post('/api/me/account/delete', { password: PASSWORD }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    for (const code of codes.slice(1)) expect([401, 404]).toContain(code);
    expect(await t.app.ctx.db.select().from(accountDeletions).where(eq(accountDeletions.userId, id))).toHaveLength(1);
    expect(await t.app.ctx.db.select().from(signInDevices).where(eq(signInDevices.userId, id))).toEqual([]);
    expect(await t.app.ctx.db.select().from(signInLinks).where(eq(signInLinks.userId, id))).toEqual([]);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ active: false, email: `deleted-${id}@deleted.invalid` });
    // The other customer keeps the account, the session and the order's contact details.
    expect((await bystander.c.get('/api/me')).statusCode).toBe(200);
    const [order] = await t.app.ctx.db.select().from(orders).where(eq(orders.orderId, theirs.orderId));
    expect(order?.customerEmail).toBe(bystander.email);
  });

  it('staff accounts are not deleted from here', async () => {
    const agent = new TestClient(t.app);
    await agent.login('agente@ventanilla.test', 'agente-demo-2026');
    expect((await agent.post('/api/me/account/delete', { password: 'agente-demo-2026' })).statusCode).toBe(403);
  });
});
