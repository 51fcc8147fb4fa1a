import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundSignature } from '../../src/modules/tickets/inbound.routes.js';
import { acceptInvitation } from '../support/invitations.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

// Tickets (docs/backoffice.md, "Tickets"): mail in through a real SMTP session, the webhook and the contact form;
// threading; the agents' list, detail and reply. Runs on the embedded database, and on PostgreSQL with
// TEST_DATABASE_URL.

const SECRET = 'inbound-webhook-secret-of-the-tests-0123456789';
let t: TestApp;
let clock = new Date('2026-11-24T10:00:00.000Z');
let smtpPort: number;
let agent: TestClient;
let admin: TestClient;
let notary: TestClient;
let customer: TestClient;
let anonymous: TestClient;
let dataDir: string;

const AGENT = ['agente@ventanilla.test', 'agente-demo-2026'] as const;
const ADMIN = ['admin@ventanilla.test', 'admin-demo-2026'] as const;
const NOTARY = ['notario@ventanilla.test', 'notario-demo-2026'] as const;

interface TicketRow {
  id: number;
  status: number;
  email: string;
  subject: string;
  status_text: string;
  lock: { locked_by: number } | null;
}
interface Detail extends TicketRow {
  version: string;
  messages: Array<{
    id: number;
    direction: 'in' | 'out';
    message_id: string | null;
    text: string;
    html: string | null;
    attachments: Array<{ id: number; filename: string; size: number }>;
  }>;
  attachments: Array<{ id: number; filename: string }>;
  notes: Array<{ id: number; text: string; fixed: boolean }>;
  history: Array<{ accion: string; details: Record<string, unknown> | null }>;
}

function transport() {
  return nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
}

async function send(mail: SendMailOptions) {
  const tx = transport();
  try {
    return await tx.sendMail(mail);
  } finally {
    tx.close();
  }
}

async function list(query = '') {
  const res = await agent.get(`/api/backoffice/tickets${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: TicketRow[]; total: number; page: number; per_page: number }>();
}

async function detail(id: number, client = agent) {
  const res = await client.get(`/api/backoffice/tickets/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Detail>();
}

function multipart(fields: Record<string, string>, files: Array<{ name: string; content: Buffer; type: string }> = []) {
  const boundary = 'tIcKeTbOuNdArY';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function reply(
  client: TestClient,
  id: number,
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1] = [],
) {
  const body = multipart(fields, files);
  return client.request({ method: 'POST', url: `/api/backoffice/tickets/${id}/reply`, ...body });
}

/** The ticket the customer's first mail with this subject made. */
async function ticketBySubject(subject: string) {
  const found = (await list(`?size=100`)).items.find((i) => i.subject === subject);
  expect(found, subject).toBeDefined();
  return found!;
}

beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    env: { INBOUND_WEBHOOK_SECRET: SECRET, INBOUND_MAIL_DOMAINS: 'ventanilla.test,balcao.test' },
  });
  dataDir = t.app.ctx.config.dataDir;
  smtpPort = await t.app.ctx.smtpReceiver.start(0);
  agent = new TestClient(t.app);
  admin = new TestClient(t.app);
  notary = new TestClient(t.app);
  customer = new TestClient(t.app);
  anonymous = new TestClient(t.app);
  await agent.login(...AGENT);
  await admin.login(...ADMIN);
  await notary.login(...NOTARY);
  await customer.register('cliente-tickets@example.com');
  await anonymous.start();
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('mail in through the SMTP receiver', () => {
  let ticketId: number;

  it('a real SMTP message becomes a ticket with its attachment', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% a tiny pdf\n');
    const info = await send({
      from: '"Lucía Pérez" <Lucia.Perez@Example.com>',
      to: 'soporte@ventanilla.test',
      subject: 'Duda sobre mi nota simple',
      text: 'Hola, no me ha llegado.\u0000',
      html: '<p>Hola, <b>no</b> me ha llegado.</p><script>alert(1)</script><img src="https://tracker.test/p.gif">',
      messageId: '<first-1@example.com>',
      attachments: [{ filename: 'escritura.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    expect(info.accepted).toEqual(['soporte@ventanilla.test']);
    const page = await list('?email=lucia.perez');
    expect(page.total).toBe(1);
    const row = page.items[0]!;
    expect(row).toMatchObject({ status: 2, email: 'lucia.perez@example.com', subject: 'Duda sobre mi nota simple' });
    ticketId = row.id;
    const d = await detail(ticketId);
    expect(d.messages).toHaveLength(1);
    const [m] = d.messages;
    expect(m!.direction).toBe('in');
    expect(m!.message_id).toBe('<first-1@example.com>');
    expect(m!.text).not.toContain('\u0000');
    expect(m!.html).toContain('<b>no</b>');
    expect(m!.html).not.toMatch(/script|img|tracker/);
    expect(m!.attachments).toEqual([expect.objectContaining({ filename: 'escritura.pdf', size: pdf.length })]);
    const download = await agent.get(`/api/backoffice/tickets/${ticketId}/attachments/${m!.attachments[0]!.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toContain('escritura.pdf');
  });

  it('the same Message-ID delivered twice is stored once', async () => {
    await send({
      from: 'lucia.perez@example.com',
      to: 'soporte@ventanilla.test',
      subject: 'Duda sobre mi nota simple',
      text: 'again',
      messageId: '<first-1@example.com>',
    });
    expect((await detail(ticketId)).messages).toHaveLength(1);
  });

  it('mail to a foreign domain is refused with 550', async () => {
    await expect(
      send({ from: 'x@example.com', to: 'someone@elsewhere.test', subject: 'relay?', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      send({ from: 'x@example.com', to: 'soporte@sub.ventanilla.test', subject: 'relay?', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    expect((await list('?email=x@example.com')).total).toBe(0);
  });

  it('the second shop domain is accepted too', async () => {
    await send({ from: 'pt@example.com', to: 'ajuda@BALCAO.test', subject: 'Olá', text: 'x' });
    expect((await list('?email=pt@example.com')).total).toBe(1);
  });

  it('an agent reply goes through the outbox with the token and threading headers; the answer threads back', async () => {
    const d = await detail(ticketId);
    const res = await reply(
      agent,
      ticketId,
      { version: d.version, body: 'Hola {{nombre}}, ya está en camino.', cc: 'jefe@example.com' },
      [{ name: 'guia.pdf', content: Buffer.from('%PDF-1.4 guia'), type: 'application/pdf' }],
    );
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json<{ outbox_id: number; version: string }>();
    const after = await detail(ticketId);
    expect(after.status).toBe(3);
    const out = after.messages.at(-1)!;
    expect(out.direction).toBe('out');
    expect(out.text).toBe('Hola Lucía Pérez, ya está en camino.');
    expect(out.attachments.map((a) => a.filename)).toEqual(['guia.pdf']);
    // The dispatcher sends it (mailbox transport in tests: a real MIME message on disk).
    const result = await t.app.ctx.emailDispatcher.dispatchOnce();
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const eml = await simpleParser(await readFile(path.join(dataDir, 'mailbox', `${sent.outbox_id}.eml`)));
    expect(eml.subject).toBe(`Re: Duda sobre mi nota simple [#T${ticketId}]`);
    expect(eml.inReplyTo).toBe('<first-1@example.com>');
    expect([eml.references].flat()).toEqual(['<first-1@example.com>']);
    expect(eml.messageId).toBe(out.message_id);
    expect(eml.cc).toMatchObject({ text: 'jefe@example.com' });
    expect(eml.attachments.map((a) => a.filename)).toEqual(['guia.pdf']);
    expect(eml.headers.get('auto-submitted')).toBeUndefined();

    // The customer answers the agent's message: In-Reply-To names it; the ticket reopens (2).
    await send({
      from: 'lucia.perez@example.com',
      to: 'soporte@ventanilla.test',
      subject: 'Re: otra cosa',
      text: 'Gracias',
      inReplyTo: out.message_id!,
      references: [out.message_id!],
    });
    const reopened = await detail(ticketId);
    expect(reopened.status).toBe(2);
    expect(reopened.messages).toHaveLength(3);
    expect(reopened.history.map((h) => h.accion)).toContain('respuesta_cliente');
  });

  it('the token in the subject threads, but only from the ticket customer', async () => {
    await send({
      from: 'lucia.perez@example.com',
      to: 'soporte@ventanilla.test',
      subject: `Otra pregunta [#T${ticketId}]`,
      text: 'una más',
    });
    expect((await detail(ticketId)).messages).toHaveLength(4);
    await send({
      from: 'intruso@example.com',
      to: 'soporte@ventanilla.test',
      subject: `Hola [#T${ticketId}]`,
      text: 'no es mío',
    });
    expect((await detail(ticketId)).messages).toHaveLength(4);
    expect((await list('?email=intruso')).total).toBe(1);
  });
});

describe('the list', () => {
  it('filters by status (comma-joined) and pages', async () => {
    const all = await list('?size=100');
    expect(all.per_page).toBe(100);
    expect(all.page).toBe(1);
    const open = await list('?status=2,3');
    expect(open.items.every((i) => i.status === 2 || i.status === 3)).toBe(true);
    const closed = await list('?status=5');
    expect(closed.total).toBe(0);
    const first = await list('?size=1&page=1');
    const second = await list('?size=1&page=2');
    expect(first.items[0]!.id).not.toBe(second.items[0]!.id);
    expect(first.total).toBe(all.total);
  });

  it('exact_email lists one whole address (any case), never a longer one that contains it', async () => {
    await send({ from: 'ana@exacto.example', to: 'info@ventanilla.test', subject: 'Exacto uno', text: 'x' });
    await send({ from: 'juana@exacto.example', to: 'info@ventanilla.test', subject: 'Exacto dos', text: 'x' });
    expect((await list('?email=ana@exacto.example')).total).toBe(2);
    const exact = await list(`?exact_email=${encodeURIComponent('ANA@Exacto.example')}`);
    expect(exact.items.map((i) => [i.email, i.subject])).toEqual([['ana@exacto.example', 'Exacto uno']]);
    expect(exact.total).toBe(1);
    expect((await list('?exact_email=nadie@exacto.example')).total).toBe(0);
  });

  it.each([
    ['?exact_email=ana.exacto.example', 'bad_email'],
    ['?exact_email=ana%20b@exacto.example', 'bad_email'],
    ['?exact_email=ana%00@exacto.example', 'invalid_characters'],
    ['?exact_email=a@b.es&exact_email=c@d.es', 'repeated_param'],
    [`?exact_email=${'a'.repeat(300)}@b.es`, 'too_long'],
    ['?per_page=5', 'unknown_param'],
    ['?status=2&status=3', 'repeated_param'],
    ['?status=9', 'unknown_status'],
    ['?email=a%00bc', 'invalid_characters'],
    ['?page=99999999999999999999999', 'out_of_range'],
    ['?size=0', 'out_of_range'],
  ])('%s is a 400 (%s)', async (query, code) => {
    const res = await agent.get(`/api/backoffice/tickets${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Array<{ code: string }> }>().fields[0]!.code).toBe(code);
  });

  it('ids that are not ours are 400 or 404, never 500', async () => {
    for (const url of [
      '/api/backoffice/tickets/99999999999999999999',
      '/api/backoffice/tickets/0',
      '/api/backoffice/tickets/1%00',
      '/api/backoffice/tickets/%2e%2e%2fitems',
    ]) {
      const res = await agent.get(url);
      expect([400, 404], url).toContain(res.statusCode);
    }
    expect((await agent.get('/api/backoffice/tickets/2147483647')).statusCode).toBe(404);
    expect((await agent.get('/api/backoffice/tickets/1/attachments/2147483647')).statusCode).toBe(404);
  });

  it('roles: agents and admins read; notaries and customers 403; anonymous 401', async () => {
    expect((await admin.get('/api/backoffice/tickets')).statusCode).toBe(200);
    expect((await notary.get('/api/backoffice/tickets')).statusCode).toBe(403);
    expect((await customer.get('/api/backoffice/tickets')).statusCode).toBe(403);
    expect((await anonymous.get('/api/backoffice/tickets')).statusCode).toBe(401);
    expect((await notary.get('/api/backoffice/tickets/1')).statusCode).toBe(403);
    expect((await customer.post('/api/backoffice/tickets/1/close', { version: clock.toISOString() })).statusCode).toBe(
      403,
    );
  });
});

describe('the webhook', () => {
  const raw = (id: string) =>
    Buffer.from(
      [
        'From: Webhook Cliente <webhook@example.com>',
        'To: soporte@ventanilla.test',
        'Subject: Por el proveedor',
        `Message-ID: <${id}@provider.test>`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Hola por webhook',
        '',
      ].join('\r\n'),
    );
  const post = (body: Buffer, timestamp: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/inbound/mail',
      payload: body,
      headers: {
        'content-type': 'message/rfc822',
        'x-ventanilla-timestamp': timestamp,
        'x-ventanilla-signature': signature,
      },
    });

  it('a signed message becomes a ticket; a replay of it is refused', async () => {
    const body = raw('w1');
    const ts = String(Math.floor(clock.getTime() / 1000));
    const sig = inboundSignature(SECRET, ts, body);
    const res = await post(body, ts, sig);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: true });
    expect((await list('?email=webhook@example.com')).total).toBe(1);
    expect((await post(body, ts, sig)).statusCode).toBe(400);
  });

  it('a bad signature, a changed body or a stale timestamp is refused', async () => {
    const body = raw('w2');
    const ts = String(Math.floor(clock.getTime() / 1000));
    const sig = inboundSignature(SECRET, ts, body);
    expect((await post(body, ts, 'ab'.repeat(32))).statusCode).toBe(400);
    expect((await post(raw('w3'), ts, sig)).statusCode).toBe(400);
    const old = String(Math.floor(clock.getTime() / 1000) - 600);
    expect((await post(body, old, inboundSignature(SECRET, old, body))).statusCode).toBe(400);
    expect((await post(body, 'x', sig)).statusCode).toBe(400);
    expect((await list('?email=webhook@example.com')).items).toHaveLength(1);
  });
});

describe('the contact form', () => {
  it('files a ticket (CSRF required)', async () => {
    const form = { email: 'form@example.com', name: 'Ana', subject: 'Consulta', message: 'Quiero una nota simple' };
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/contact', payload: form });
    expect(noCsrf.statusCode).toBe(403);
    const res = await anonymous.post('/api/contact', form);
    expect(res.statusCode, res.body).toBe(200);
    const page = await list('?email=form@example.com');
    expect(page.items[0]).toMatchObject({ subject: 'Consulta', status: 2 });
    const bad = await anonymous.post('/api/contact', { ...form, message: 'a\u0000b' });
    expect(bad.statusCode).toBe(400);
  });

  it.each([
    'no-at-sign',
    'ana@example',
    'form@example.com,eve@evil.test',
    'Ana <form@example.com>',
    'a\nb@example.com',
  ])('refuses the address %j, naming the field', async (email) => {
    const res = await anonymous.post('/api/contact', { email, subject: 'Consulta', message: 'Hola' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ field: 'email' })]);
  });
});

describe('actions', () => {
  let id: number;
  const v = async (ticketId = id) => (await detail(ticketId)).version;

  beforeAll(async () => {
    await send({ from: 'acciones@example.com', to: 'info@ventanilla.test', subject: 'Acciones', text: 'x' });
    id = (await ticketBySubject('Acciones')).id;
  });

  it('notes: save, fixed first, fix, unfix, delete', async () => {
    expect(
      (await agent.post(`/api/backoffice/tickets/${id}/save_note`, { version: await v(), text: 'uno' })).statusCode,
    ).toBe(200);
    expect(
      (await agent.post(`/api/backoffice/tickets/${id}/save_note_fixed`, { version: await v(), text: 'fija' }))
        .statusCode,
    ).toBe(200);
    let d = await detail(id);
    expect(d.notes.map((n) => [n.text, n.fixed])).toEqual([
      ['fija', true],
      ['uno', false],
    ]);
    const uno = d.notes[1]!.id;
    expect(
      (await agent.post(`/api/backoffice/tickets/${id}/fix_note`, { version: await v(), note_id: uno })).statusCode,
    ).toBe(200);
    expect(
      (await agent.post(`/api/backoffice/tickets/${id}/unfix_note`, { version: await v(), note_id: uno })).statusCode,
    ).toBe(200);
    expect(
      (await agent.post(`/api/backoffice/tickets/${id}/del_note`, { version: await v(), note_id: uno })).statusCode,
    ).toBe(200);
    d = await detail(id);
    expect(d.notes.map((n) => n.text)).toEqual(['fija']);
    expect(d.history.map((h) => h.accion)).toEqual(
      expect.arrayContaining(['save_note', 'save_note_fixed', 'fix_note', 'unfix_note', 'del_note']),
    );
    // Another ticket's note is 404; a note with control characters is 400.
    expect(
      (await agent.post(`/api/backoffice/tickets/${id}/del_note`, { version: await v(), note_id: 2147483647 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await agent.post(`/api/backoffice/tickets/${id}/save_note`, { version: await v(), text: 'a\u0000' })).statusCode,
    ).toBe(400);
  });

  it('a stale version is 409 VERSION_CONFLICT; two replies on one version: one wins', async () => {
    const version = await v();
    expect((await agent.post(`/api/backoffice/tickets/${id}/save_note`, { version, text: 'a' })).statusCode).toBe(200);
    const stale = await agent.post(`/api/backoffice/tickets/${id}/save_note`, { version, text: 'b' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect(stale.json<{ message: string }>().message).toMatch(/^El ticket ha cambiado/);
    const current = await v();
    const results = await Promise.all([
      reply(agent, id, { version: current, body: 'primera' }),
      reply(admin, id, { version: current, body: 'segunda' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await detail(id)).messages.filter((m) => m.direction === 'out')).toHaveLength(1);
  });

  it('the lock: 423 for others, forced unlock by an admin, recorded', async () => {
    expect((await agent.post(`/api/backoffice/tickets/${id}/lock`)).statusCode).toBe(200);
    const row = (await list('?email=acciones')).items[0]!;
    expect(row.lock).toMatchObject({ locked_by: expect.any(Number) });
    const blocked = await admin.post(`/api/backoffice/tickets/${id}/save_note`, { version: await v(), text: 'x' });
    expect(blocked.statusCode).toBe(423);
    expect(blocked.json()).toMatchObject({ code: 'ITEM_LOCKED', lock: { item_id: id } });
    // The message names the ticket, not an order ("pedido").
    expect(blocked.json<{ message: string }>().message).toMatch(/^Otro usuario \(.+\) está trabajando en este ticket/);
    expect((await admin.post(`/api/backoffice/tickets/${id}/lock`)).statusCode).toBe(423);
    // The holder writes.
    expect(
      (await agent.post(`/api/backoffice/tickets/${id}/save_note`, { version: await v(), text: 'mía' })).statusCode,
    ).toBe(200);
    expect((await admin.delete(`/api/backoffice/tickets/${id}/lock`)).statusCode).toBe(423);
    const forced = await admin.request({ method: 'DELETE', url: `/api/backoffice/tickets/${id}/lock?force=1` });
    expect(forced.json()).toMatchObject({ outcome: 'forced' });
    expect((await detail(id)).history.map((h) => h.accion)).toContain('unlock_lock');
  });

  it('delegate, rel_pedido, postponer and the sweep, close', async () => {
    const admins = await t.app.ctx.db.execute<{ id: number }>(
      sql`select id from users where email = 'admin@ventanilla.test'`,
    );
    const adminId = Number(admins.rows[0]!.id);
    expect(
      (await agent.post(`/api/backoffice/tickets/${id}/delegate`, { version: await v(), agent_id: adminId }))
        .statusCode,
    ).toBe(200);
    expect(
      (await agent.post(`/api/backoffice/tickets/${id}/delegate`, { version: await v(), agent_id: 2147483647 }))
        .statusCode,
    ).toBe(400);
    // Notaries work notary orders, never tickets: not a ticket's assignee.
    const notaries = await t.app.ctx.db.execute<{ id: number }>(sql`select id from users where email = ${NOTARY[0]}`);
    const toNotary = await agent.post(`/api/backoffice/tickets/${id}/delegate`, {
      version: await v(),
      agent_id: Number(notaries.rows[0]!.id),
    });
    expect([toNotary.statusCode, toNotary.json().fields?.[0]?.field]).toEqual([400, 'agent_id']);
    expect(
      (await agent.post(`/api/backoffice/tickets/${id}/rel_pedido`, { version: await v(), item_id: 2147483647 }))
        .statusCode,
    ).toBe(400);
    const until = new Date(clock.getTime() + 2 * 24 * 3600 * 1000).toISOString();
    expect(
      (await agent.post(`/api/backoffice/tickets/${id}/postponer`, { version: await v(), until })).statusCode,
    ).toBe(200);
    expect((await detail(id)).status).toBe(6);
    // Moved again: the history keeps the moment it had and the new one (null before the first).
    const later = new Date(clock.getTime() + 2.5 * 24 * 3600 * 1000).toISOString();
    expect(
      (await agent.post(`/api/backoffice/tickets/${id}/postponer`, { version: await v(), until: later })).statusCode,
    ).toBe(200);
    const postponed = (await detail(id)).history.filter((h) => h.accion === 'postponer').map((h) => h.details);
    expect(postponed).toEqual([
      { from: null, to: until },
      { from: until, to: later },
    ]);
    const past = new Date(clock.getTime() - 1000).toISOString();
    expect(
      (await agent.post(`/api/backoffice/tickets/${id}/postponer`, { version: await v(), until: past })).statusCode,
    ).toBe(400);
    expect(await t.app.ctx.tickets.wakeDue()).toBe(0);
    clock = new Date(clock.getTime() + 3 * 24 * 3600 * 1000);
    expect(await t.app.ctx.tickets.wakeDue()).toBe(1);
    expect((await detail(id)).status).toBe(2);
    expect((await agent.post(`/api/backoffice/tickets/${id}/close`, { version: await v() })).statusCode).toBe(200);
    expect((await detail(id)).status).toBe(5);
    const again = await agent.post(`/api/backoffice/tickets/${id}/close`, { version: await v() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ITEM_ACTION_REFUSED',
      message: 'Esta acción no es posible en el estado actual del ticket.',
    });
  });

  it('new-ticket: the agent writes first', async () => {
    const body = multipart({ email: 'Nuevo@Example.com', subject: 'Le escribimos', body: 'Hola {{nombre}}' });
    const res = await agent.request({ method: 'POST', url: '/api/backoffice/tickets', ...body });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<{ ticket_id: number }>();
    const d = await detail(created.ticket_id);
    expect(d).toMatchObject({ status: 3, email: 'nuevo@example.com' });
    expect(d.messages[0]).toMatchObject({ direction: 'out', text: 'Hola nuevo' });
    const unknown = await agent.request({
      method: 'POST',
      url: '/api/backoffice/tickets',
      ...multipart({ email: 'x@example.com', subject: 's', body: 'Hola {{desconocido}}' }),
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('bad input on actions', () => {
  let id: number;
  beforeAll(async () => {
    await send({ from: 'malo@example.com', to: 'info@ventanilla.test', subject: 'Entrada mala', text: 'x' });
    id = (await ticketBySubject('Entrada mala')).id;
  });

  it('huge, encoded and foreign ids are 400 or 404; NUL in a reply or a cc is 400', async () => {
    const version = (await detail(id)).version;
    for (const url of [
      '/api/backoffice/tickets/99999999999/close',
      '/api/backoffice/tickets/-1/close',
      '/api/backoffice/tickets/1e3/close',
      `/api/backoffice/tickets/${id}%2fclose`,
    ]) {
      const res = await agent.post(url, { version });
      expect([400, 404], url).toContain(res.statusCode);
    }
    expect((await agent.post('/api/backoffice/tickets/2147483647/close', { version })).statusCode).toBe(404);
    expect((await agent.post(`/api/backoffice/tickets/${id}/close`, { version, extra: 1 })).statusCode).toBe(400);
    expect((await agent.post(`/api/backoffice/tickets/${id}/close`, { version: 'yesterday' })).statusCode).toBe(400);
    expect((await reply(agent, id, { version, body: 'a\u0000b' })).statusCode).toBe(400);
    expect((await reply(agent, id, { version, body: 'hola', cc: 'no es un correo' })).statusCode).toBe(400);
    expect((await reply(agent, id, { version, body: '   ' })).statusCode).toBe(400);
    expect((await reply(agent, id, { body: 'sin versión' })).statusCode).toBe(400);
    expect((await detail(id)).messages).toHaveLength(1);
  });

  it("one's own lapsed lease is 409 LOCK_EXPIRED; another's live lease blocks the reply with 423", async () => {
    const taken = await agent.post(`/api/backoffice/tickets/${id}/lock`);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ outcome: 'acquired' });
    // Renewing says so (the heartbeat, the tab shown again): no history line, nothing for the screen to reload.
    expect((await agent.post(`/api/backoffice/tickets/${id}/lock`)).json()).toMatchObject({ outcome: 'renewed' });
    const blocked = await reply(admin, id, { version: (await detail(id)).version, body: 'hola' });
    expect(blocked.statusCode).toBe(423);
    clock = new Date(clock.getTime() + 3 * 60 * 1000);
    const lapsed = await agent.post(`/api/backoffice/tickets/${id}/close`, { version: (await detail(id)).version });
    expect(lapsed.statusCode).toBe(409);
    expect(lapsed.json()).toMatchObject({ code: 'LOCK_EXPIRED' });
    expect(lapsed.json<{ message: string }>().message).toMatch(/^Tu bloqueo de este ticket ha caducado/);
    // The other agent may take the lapsed lease over: a history line, which the answer names.
    const takenOver = await admin.post(`/api/backoffice/tickets/${id}/lock`);
    expect(takenOver.statusCode).toBe(200);
    expect(takenOver.json()).toMatchObject({ outcome: 'taken_over' });
    expect((await detail(id)).history.map((h) => h.accion)).toContain('bloqueo_caducado_tomado');
    expect((await admin.delete(`/api/backoffice/tickets/${id}/lock`)).json()).toMatchObject({ outcome: 'released' });
  });

  it('the SMTP receiver refuses a message over the size limit with 552', async () => {
    const { SmtpReceiver } = await import('../../src/modules/tickets/smtp-receiver.js');
    const small = new SmtpReceiver(
      { ...t.app.ctx.config.inboundMail, maxBytes: 2048 },
      (mail) => t.app.ctx.tickets.ingest(mail),
      { info: () => undefined, warn: () => undefined, error: () => undefined },
      t.app.ctx.db,
    );
    const port = await small.start(0);
    const tx = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    try {
      await expect(
        tx.sendMail({ from: 'grande@example.com', to: 'a@ventanilla.test', subject: 'big', text: 'x'.repeat(10_000) }),
      ).rejects.toMatchObject({ responseCode: 552 });
      await tx.sendMail({ from: 'corto@example.com', to: 'a@ventanilla.test', subject: 'small', text: 'x' });
    } finally {
      tx.close();
      await small.stop();
    }
    expect((await list('?email=grande@example.com')).total).toBe(0);
    expect((await list('?email=corto@example.com')).total).toBe(1);
  });
});

describe("an agent's ticket locks go with them (as the orders' do)", () => {
  let id: number;
  const lockOf = async () => (await list('?email=suelta@example.com')).items[0]!.lock;

  beforeAll(async () => {
    await send({ from: 'suelta@example.com', to: 'info@ventanilla.test', subject: 'Bloqueos', text: 'x' });
    id = (await ticketBySubject('Bloqueos')).id;
  });

  it('signing out releases them', async () => {
    const device = new TestClient(t.app);
    await device.login(...AGENT);
    expect((await device.post(`/api/backoffice/tickets/${id}/lock`)).statusCode).toBe(200);
    expect(await lockOf()).not.toBeNull();
    expect((await device.post('/api/auth/logout')).statusCode).toBe(204);
    expect(await lockOf()).toBeNull();
  });

  it('being deactivated releases them', async () => {
    const created = await admin.post('/api/backoffice/staff', {
      email: 'bloqueos.agente@ventanilla.test',
      firstname: 'Bea',
      lastname: 'Bloqueos',
      role: 'agent',
    });
    expect(created.statusCode, created.body).toBe(201);
    const staff = created.json<{ agent: { id: number; version: string } }>().agent;
    const accepted = await acceptInvitation(t.app, 'bloqueos.agente@ventanilla.test', 'caballo-bateria-grapa-7');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const them = new TestClient(t.app);
    await them.login('bloqueos.agente@ventanilla.test', 'caballo-bateria-grapa-7');
    expect((await them.post(`/api/backoffice/tickets/${id}/lock`)).statusCode).toBe(200);
    expect(await lockOf()).not.toBeNull();
    // Accepting the invitation moved the account's version.
    const current = (await admin.get('/api/backoffice/staff'))
      .json<{ items: Array<{ id: number; version: string }> }>()
      .items.find((m) => m.id === staff.id)!;
    const off = await admin.request({
      method: 'PATCH',
      url: `/api/backoffice/staff/${staff.id}`,
      payload: { version: current.version, active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await lockOf()).toBeNull();
  });

  it('an admin logging in as a customer releases theirs', async () => {
    const device = new TestClient(t.app);
    await device.login(...ADMIN);
    expect((await device.post(`/api/backoffice/tickets/${id}/lock`)).statusCode).toBe(200);
    expect(await lockOf()).not.toBeNull();
    const found = await device.get(
      `/api/backoffice/customers?search=${encodeURIComponent('cliente-tickets@example.com')}`,
    );
    const customerId = found.json<{ items: Array<{ customer_id: number }> }>().items[0]!.customer_id;
    const started = await device.post(`/api/backoffice/customers/${customerId}/impersonation`, {});
    expect(started.statusCode, started.body).toBeLessThan(300);
    expect(await lockOf()).toBeNull();
  });
});

describe('the tickets queue', () => {
  it('the next ticket comes with the ticket itself, as its GET shows it once locked', async () => {
    await send({ from: 'siguiente@example.com', to: 'info@ventanilla.test', subject: 'Siguiente', text: 'hola' });
    const waiting = await ticketBySubject('Siguiente');
    // Older tickets of the other tests may be waiting first: pull until this one comes.
    let pulled: { ticket_id: number; ticket: Detail } | undefined;
    for (let i = 0; i < 50 && pulled?.ticket_id !== waiting.id; i++) {
      const res = await agent.post('/api/backoffice/tickets/next', {});
      expect(res.statusCode, res.body).toBe(200);
      pulled = res.json();
    }
    expect(pulled?.ticket_id).toBe(waiting.id);
    expect(pulled!.ticket).toEqual(await detail(waiting.id));
    expect(pulled!.ticket.lock).toMatchObject({ locked_by: expect.any(Number) });
  });

  it('20 agents pulling at once get different tickets', async () => {
    // Fresh open tickets, unlocked.
    for (let i = 0; i < 20; i++) {
      await send({ from: `cola${i}@example.com`, to: 'cola@ventanilla.test', subject: `Cola ${i}`, text: 'x' });
    }
    const pullers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const c = new TestClient(t.app);
        await c.register(`cola-agente-${i}@example.com`);
        return c;
      }),
    );
    // Make them agents (registration makes customers).
    await t.app.ctx.db.execute(sql`update users set role = 'agent' where email like 'cola-agente-%'`);
    for (const c of pullers) await c.start();
    const results = await Promise.all(pullers.map((c) => c.post('/api/backoffice/tickets/next', {})));
    const ids = results.filter((r) => r.statusCode === 200).map((r) => r.json<{ ticket_id: number }>().ticket_id);
    expect(ids.length).toBeGreaterThanOrEqual(20);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
