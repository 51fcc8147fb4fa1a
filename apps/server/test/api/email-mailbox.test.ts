// The development mailbox transport (the default without SMTP settings) and the back office's "Correo enviado":
// agents and admins only, the HTML served as a locked-down document for a sandboxed iframe; password reset emails are
// listed but their bodies (the reset link) are never readable by staff.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
let emailId: number;
let incidentId: number;
/** The reset emails' links as they were before being sent (the outbox rows, read by staff). */
let queuedBodies: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // A password reset for the demo customer, asked from the Portuguese store, then one dispatch pass.
  const c = new TestClient(t.app);
  await c.start(16);
  expect((await c.post('/api/auth/password/remember', { email: 'cliente@ventanilla.test' })).statusCode).toBe(202);
  await t.app.ctx.db.transaction((tx) =>
    t.app.ctx.email.enqueue(tx, {
      storeId: 1,
      to: 'evil@example.com',
      message: {
        kind: 'incident_action',
        firstname: '<script>alert(1)</script>',
        orderId: 100000001,
        productName: 'Nota simple',
        incidentText: '<img src=x onerror=alert(1)>',
      },
    }),
  );
  const queued = await t.app.ctx.database.pool.query<{ text_body: string; html_body: string }>(
    "select text_body, html_body from email_outbox where kind = 'password_reset'",
  );
  queuedBodies = queued.rows.flatMap((r) => [r.text_body, r.html_body]);
  expect(await t.app.ctx.emailDispatcher.dispatchOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });
  const { rows } = await t.app.ctx.database.pool.query<{ id: number; kind: string }>(
    'select id, kind from email_outbox order by id',
  );
  emailId = rows.find((r) => r.kind === 'password_reset')!.id;
  incidentId = rows.find((r) => r.kind === 'incident_action')!.id;
});
afterAll(async () => t?.close());

async function as(email: string, password: string) {
  const c = new TestClient(t.app);
  expect((await c.login(email, password)).statusCode).toBe(200);
  return c;
}

describe('mailbox transport', () => {
  it('is the default without SMTP settings: the message is kept as .eml in DATA_DIR/mailbox, with the link intact', () => {
    expect(t.app.ctx.emailDispatcher.transport.name).toBe('mailbox');
    const file = path.join(t.app.ctx.config.dataDir, 'mailbox', `${emailId}.eml`);
    expect(existsSync(file)).toBe(true);
    const eml = readFileSync(file, 'utf8');
    expect(eml).toMatch(/^To: cliente@ventanilla\.test$/m);
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m); // encoded: "Redefina a sua palavra-passe de Balcão Ventanilla"
    expect(eml).toContain('#token=');
  });
});

describe('Correo enviado (back office)', () => {
  it('lists messages with recipient, subject, store, status and attempts for agents', async () => {
    const agent = await as('agente@ventanilla.test', 'agente-demo-2026');
    const res = await agent.get('/api/backoffice/emails?per_page=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.items.find((i: { id: number }) => i.id === emailId)).toMatchObject({
      kind: 'password_reset',
      to: 'cliente@ventanilla.test',
      subject: 'Redefina a sua palavra-passe de Balcão Ventanilla',
      store_id: 16,
      store_name: 'Balcão Ventanilla',
      language: 'pt',
      status: 'sent',
      attempts: 1,
      transport: 'mailbox',
    });
    expect((await agent.get('/api/backoffice/emails?status=failed')).json().total).toBe(0);
  });

  it('shows one message with text and HTML', async () => {
    const admin = await as('admin@ventanilla.test', 'admin-demo-2026');
    const res = await admin.get(`/api/backoffice/emails/${incidentId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().text).toContain('Nota simple');
    expect(res.json().html).toContain('<html lang="es">');
    expect((await admin.get('/api/backoffice/emails/999999')).statusCode).toBe(404);
  });

  // Regression: an agent read password_reset emails in the mailbox and took over the admin account with the link.
  it('staff cannot obtain a working reset link: no body, no preview, no token stored, before or after sending', async () => {
    const tokens = (text: string) => [...text.matchAll(/#token=([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!);
    const agent = await as('agente@ventanilla.test', 'agente-demo-2026');
    const detail = await agent.get(`/api/backoffice/emails/${emailId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ kind: 'password_reset', text: '', html: '' });
    expect((await agent.get(`/api/backoffice/emails/${emailId}/preview`)).statusCode).toBe(404);
    const list = await agent.get('/api/backoffice/emails?kind=password_reset');
    const { rows } = await t.app.ctx.database.pool.query<Record<string, unknown>>(
      "select * from email_outbox where kind = 'password_reset'",
    );
    const seen = [...queuedBodies, detail.body, list.body, JSON.stringify(rows)].flatMap(tokens);
    expect(seen).toEqual([]);
    expect(queuedBodies.join('\n')).toContain('#token=REDACTED');

    // The customer's copy (the mailbox file, as a mail server would deliver it) has a link that works.
    const eml = await simpleParser(readFileSync(path.join(t.app.ctx.config.dataDir, 'mailbox', `${emailId}.eml`)));
    const [token] = tokens(eml.text ?? '');
    expect(token).toBeDefined();
    expect(eml.html || '').toContain(`#token=${token}`);
    const customer = new TestClient(t.app);
    await customer.start(16);
    expect((await customer.post('/api/auth/password/reset-token', { token })).statusCode).toBe(200);
  });

  it('serves the HTML preview with a sandboxing CSP, framable by our own pages only; customer text is escaped', async () => {
    const agent = await as('agente@ventanilla.test', 'agente-demo-2026');
    const list = (await agent.get('/api/backoffice/emails?kind=incident_action')).json();
    const res = await agent.get(`/api/backoffice/emails/${list.items[0].id}/preview`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.body.startsWith('<!doctype html>')).toBe(true);
    expect(res.body).not.toContain('<script>');
    expect(res.body).not.toContain('<img');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('anonymous 401; customers and notaries 403 on every mailbox route', async () => {
    const anon = new TestClient(t.app);
    await anon.start();
    const customer = await as('cliente@ventanilla.test', 'cliente-demo-2026');
    const notary = await as('notario@ventanilla.test', 'notario-demo-2026');
    for (const url of [
      '/api/backoffice/emails',
      `/api/backoffice/emails/${emailId}`,
      `/api/backoffice/emails/${emailId}/preview`,
    ]) {
      expect((await anon.get(url)).statusCode).toBe(401);
      expect((await customer.get(url)).statusCode).toBe(403);
      expect((await notary.get(url)).statusCode).toBe(403);
    }
    expect((await anon.post(`/api/backoffice/emails/${emailId}/retry`)).statusCode).toBe(401);
    expect((await customer.post(`/api/backoffice/emails/${emailId}/retry`)).statusCode).toBe(403);
    expect((await notary.post(`/api/backoffice/emails/${emailId}/retry`)).statusCode).toBe(403);
  });

  it('admins read the mailbox as agents do', async () => {
    const admin = await as('admin@ventanilla.test', 'admin-demo-2026');
    for (const url of [
      '/api/backoffice/emails',
      `/api/backoffice/emails/${incidentId}`,
      `/api/backoffice/emails/${incidentId}/preview`,
    ]) {
      expect((await admin.get(url)).statusCode, url).toBe(200);
    }
  });

  it('retry puts a failed message back in the queue (never a password reset)', async () => {
    const agent = await as('agente@ventanilla.test', 'agente-demo-2026');
    const pool = t.app.ctx.database.pool;
    const id = incidentId;
    // A message that was sent is not queued again.
    expect((await agent.post(`/api/backoffice/emails/${id}/retry`)).statusCode).toBe(404);
    await pool.query(
      "update email_outbox set status = 'failed', attempts = 10, last_error = '550 no such user' where id = any($1)",
      [[id, emailId]],
    );
    expect((await agent.post(`/api/backoffice/emails/${emailId}/retry`)).statusCode).toBe(404);
    expect((await agent.post(`/api/backoffice/emails/${id}/retry`)).statusCode).toBe(204);
    expect((await agent.get(`/api/backoffice/emails/${id}`)).json()).toMatchObject({
      status: 'pending',
      attempts: 0,
      last_error: null,
    });
    expect(await t.app.ctx.emailDispatcher.dispatchOnce()).toMatchObject({ sent: 1 });
  });
});
