import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearCounters } from '../../src/db/rate-counters.js';
import { ticketMessages } from '../../src/db/schema.js';
import type * as MessageIds from '../../src/modules/email/message-id.js';
import { SmtpReceiver } from '../../src/modules/tickets/smtp-receiver.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

// Customer mail cannot be planted in another customer's ticket (docs/email.md, "Mail in: who may write into a
// ticket"): a reference threads only from an address on the ticket, outgoing Message-IDs are random, an incoming
// message carrying one of our ids never breaks a reply, the SMTP receiver limits each IP and sender, and files not
// kept are counted in the ticket. Runs on the embedded database, and on PostgreSQL with TEST_DATABASE_URL.

// The next Message-IDs the app gives outgoing mail, when a test must know one in advance (a planted id).
const forced = vi.hoisted(() => ({ next: [] as string[] }));
vi.mock('../../src/modules/email/message-id.js', async (importOriginal) => {
  const actual = await importOriginal<typeof MessageIds>();
  return { ...actual, newMessageId: (from: string) => forced.next.shift() ?? actual.newMessageId(from) };
});

let t: TestApp;
let smtpPort: number;
let agent: TestClient;

interface Detail {
  id: number;
  email: string;
  version: string;
  messages: Array<{ direction: 'in' | 'out'; message_id: string | null; from_email: string; text: string }>;
  attachments: Array<{ filename: string }>;
  history: Array<{ accion: string; details: Record<string, unknown> | null }>;
}

async function send(mail: SendMailOptions, port = smtpPort) {
  const tx = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    return await tx.sendMail({ to: 'soporte@ventanilla.test', ...mail });
  } finally {
    tx.close();
  }
}

async function detail(id: number) {
  const res = await agent.get(`/api/backoffice/tickets/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Detail>();
}

async function ticketsOf(email: string) {
  const res = await agent.get(`/api/backoffice/tickets?exact_email=${encodeURIComponent(email)}&size=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Array<{ id: number; subject: string }> }>().items;
}

/** The newest message of a ticket, its text trimmed (mail ends lines with a line break). */
async function last(id: number) {
  const m = (await detail(id)).messages.at(-1)!;
  return { direction: m.direction, from_email: m.from_email, text: m.text.trim() };
}

/** The one ticket `email` has, after its first mail. */
async function onlyTicketOf(email: string) {
  const items = await ticketsOf(email);
  expect(items, email).toHaveLength(1);
  return items[0]!.id;
}

/** An agent's reply; returns the HTTP status and the Message-ID it went out with. */
async function reply(id: number, body: string) {
  const boundary = 'sAfEtYbOuNdArY';
  const payload = [
    `--${boundary}\r\nContent-Disposition: form-data; name="version"\r\n\r\n${(await detail(id)).version}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${body}\r\n`,
    `--${boundary}--\r\n`,
  ].join('');
  const res = await agent.request({
    method: 'POST',
    url: `/api/backoffice/tickets/${id}/reply`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const out = res.statusCode === 200 ? (await detail(id)).messages.at(-1) : undefined;
  const outboxId = res.statusCode === 200 ? res.json<{ outbox_id: number }>().outbox_id : null;
  return { status: res.statusCode, body: res.body, messageId: out?.message_id ?? null, outboxId };
}

beforeAll(async () => {
  t = await createTestApp({
    env: {
      INBOUND_MAIL_DOMAINS: 'ventanilla.test',
      INBOUND_ATTACHMENT_MAX_BYTES: '4096',
      INBOUND_SMTP_PER_IP_PER_HOUR: '1000',
      INBOUND_SMTP_PER_SENDER_PER_HOUR: '1000',
    },
  });
  smtpPort = await t.app.ctx.smtpReceiver.start(0);
  agent = new TestClient(t.app);
  await agent.login('agente@ventanilla.test', 'agente-demo-2026');
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('a reference threads only from an address on the ticket', () => {
  let victim: number;
  let agentMessageId: string;

  beforeAll(async () => {
    await send({ from: 'victima@example.com', subject: 'Mi pedido', text: 'hola', messageId: '<v-1@example.com>' });
    victim = await onlyTicketOf('victima@example.com');
    const sent = await reply(victim, 'Le respondemos pronto.');
    expect(sent.status, sent.body).toBe(200);
    agentMessageId = sent.messageId!;
  });

  it("a stranger answering the agent's message opens a new ticket that names the reference it tried", async () => {
    await send({
      from: 'intruso@evil.test',
      subject: 'Re: Mi pedido',
      text: 'cambien la dirección de envío',
      inReplyTo: agentMessageId,
      references: ['<v-1@example.com>', agentMessageId],
    });
    expect((await detail(victim)).messages.map((m) => m.from_email)).not.toContain('intruso@evil.test');
    const own = await detail(await onlyTicketOf('intruso@evil.test'));
    expect(own.messages.map((m) => m.text.trim())).toEqual(['cambien la dirección de envío']);
    expect(own.history.find((h) => h.accion === 'hilo_rechazado')?.details).toEqual({
      reference: agentMessageId,
      ticket_id: victim,
      from: 'intruso@evil.test',
    });
  });

  it("a stranger naming the customer's own first message is refused too; the token is no way around it", async () => {
    await send({
      from: 'otro-intruso@evil.test',
      subject: `Re: Mi pedido [#T${victim}]`,
      text: 'soy yo',
      inReplyTo: '<v-1@example.com>',
    });
    expect((await detail(victim)).messages.map((m) => m.from_email)).not.toContain('otro-intruso@evil.test');
    const own = await detail(await onlyTicketOf('otro-intruso@evil.test'));
    expect(own.history.find((h) => h.accion === 'hilo_rechazado')?.details).toMatchObject({
      reference: '<v-1@example.com>',
      ticket_id: victim,
    });
  });

  it("the contact form, whose address nobody checked, never writes into a ticket, even in its customer's name", async () => {
    const visitor = new TestClient(t.app);
    await visitor.start();
    const form = { email: 'victima@example.com', subject: `Re: Mi pedido [#T${victim}]`, message: 'soy la víctima' };
    const res = await visitor.post('/api/contact', form);
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(victim)).messages.map((m) => m.text.trim())).not.toContain('soy la víctima');
    const fresh = (await ticketsOf('victima@example.com')).find((i) => i.id !== victim);
    expect(fresh).toBeDefined();
    expect((await detail(fresh!.id)).history.find((h) => h.accion === 'hilo_rechazado')?.details).toMatchObject({
      reference: `[#T${victim}]`,
      ticket_id: victim,
    });
  });

  it('the customer, and an address that already wrote in the ticket, thread in', async () => {
    await send({ from: 'Victima@Example.com', subject: 'Re: Mi pedido', text: 'gracias', inReplyTo: agentMessageId });
    expect(await last(victim)).toMatchObject({
      from_email: 'victima@example.com',
      text: 'gracias',
    });
    // A message from a second address already in the ticket (filed before this rule, when any reference threaded).
    await t.app.ctx.db.insert(ticketMessages).values({
      ticketId: victim,
      direction: 'in',
      fromEmail: 'colega@example.com',
      subject: 'Re: Mi pedido',
      text: 'soy su colega',
    });
    await send({ from: 'colega@example.com', subject: 'Re: Mi pedido', text: 'otra vez', inReplyTo: agentMessageId });
    expect(await last(victim)).toMatchObject({
      from_email: 'colega@example.com',
      text: 'otra vez',
    });
    expect(await ticketsOf('colega@example.com')).toHaveLength(0);
  });
});

describe('outgoing Message-IDs', () => {
  it('are 128 random bits at the sender domain, the same in the ticket and in the mail sent', async () => {
    await send({ from: 'ids@example.com', subject: 'Ids', text: 'x' });
    const id = await onlyTicketOf('ids@example.com');
    const first = await reply(id, 'uno');
    const second = await reply(id, 'dos');
    for (const sent of [first, second]) {
      expect(sent.status, sent.body).toBe(200);
      expect(sent.messageId).toMatch(/^<[0-9a-f]{32}@ventanilla\.test>$/);
    }
    expect(first.messageId).not.toBe(second.messageId);
    await t.app.ctx.emailDispatcher.dispatchOnce();
    const file = path.join(t.app.ctx.config.dataDir, 'mailbox', `${second.outboxId}.eml`);
    const eml = await simpleParser(await readFile(file));
    expect(eml.messageId).toBe(second.messageId);
    expect(eml.inReplyTo).toBe(first.messageId);
  });
});

describe("an incoming message carrying one of our Message-IDs never breaks an agent's reply", () => {
  it('planted before the reply: the reply goes out with it, and only the customer threads in through it', async () => {
    await send({ from: 'cliente-a@example.com', subject: 'Pedido A', text: 'a' });
    const victim = await onlyTicketOf('cliente-a@example.com');
    const planted = '<planted-before@ventanilla.test>';
    await send({ from: 'plantador@evil.test', subject: 'hola', text: 'x', messageId: planted });
    const attacker = await onlyTicketOf('plantador@evil.test');

    forced.next.push(planted);
    const sent = await reply(victim, 'Su respuesta');
    expect(sent.status, sent.body).toBe(200);
    expect(sent.messageId).toBe(planted);

    await send({ from: 'cliente-a@example.com', subject: 'Re: Pedido A', text: 'vale', inReplyTo: planted });
    expect(await last(victim)).toMatchObject({ direction: 'in', text: 'vale' });
    expect((await detail(attacker)).messages).toHaveLength(1);
  });

  it('planted after the reply: the stranger gets a ticket of their own and replies on both still go out', async () => {
    await send({ from: 'cliente-b@example.com', subject: 'Pedido B', text: 'b' });
    const victim = await onlyTicketOf('cliente-b@example.com');
    const first = await reply(victim, 'Primera respuesta');
    expect(first.status, first.body).toBe(200);

    await send({ from: 'plantador-b@evil.test', subject: 'copia', text: 'y', messageId: first.messageId! });
    const attacker = await onlyTicketOf('plantador-b@evil.test');
    expect(attacker).not.toBe(victim);
    expect((await detail(attacker)).messages.map((m) => m.message_id)).toEqual([first.messageId]);

    expect((await reply(victim, 'Segunda respuesta')).status).toBe(200);
    expect((await reply(attacker, 'Respuesta al otro')).status).toBe(200);
    // The customer's answer to our message goes to the customer's ticket, not the one that copied its id.
    await send({ from: 'cliente-b@example.com', subject: 'Re: Pedido B', text: 'ok', inReplyTo: first.messageId! });
    expect(await last(victim)).toMatchObject({ direction: 'in', text: 'ok' });
  });

  it('our own message coming back (a cc to a shop address) is not filed again', async () => {
    await send({ from: 'cliente-c@example.com', subject: 'Pedido C', text: 'c' });
    const id = await onlyTicketOf('cliente-c@example.com');
    const sent = await reply(id, 'Con copia');
    await send({
      from: 'no-reply@ventanilla.test',
      subject: 'Re: Pedido C',
      text: 'copia',
      messageId: sent.messageId!,
    });
    expect(await ticketsOf('no-reply@ventanilla.test')).toHaveLength(0);
    expect((await detail(id)).messages).toHaveLength(2);
  });
});

describe('files not kept are counted in the ticket', () => {
  it('more than 20 files, or one over INBOUND_ATTACHMENT_MAX_BYTES: the history says how many and why', async () => {
    const small = Array.from({ length: 22 }, (_, i) => ({ filename: `f${i}.txt`, content: `file ${i}` }));
    const big = { filename: 'grande.pdf', content: Buffer.alloc(5000, 1), contentType: 'application/pdf' };
    await send({ from: 'adjuntos@example.com', subject: 'Adjuntos', text: 'x', attachments: [big, ...small] });
    const d = await detail(await onlyTicketOf('adjuntos@example.com'));
    expect(d.attachments.map((a) => a.filename)).toEqual(small.slice(0, 20).map((f) => f.filename));
    expect(d.history.find((h) => h.accion === 'adjuntos_no_guardados')?.details).toMatchObject({
      too_many: 2,
      too_large: 1,
      max_files: 20,
      max_bytes: 4096,
    });
  });

  it('a message whose files were all kept records nothing', async () => {
    await send({
      from: 'pocos@example.com',
      subject: 'Pocos',
      text: 'x',
      attachments: [{ filename: 'a.txt', content: 'a' }],
    });
    const d = await detail(await onlyTicketOf('pocos@example.com'));
    expect(d.attachments).toHaveLength(1);
    expect(d.history.map((h) => h.accion)).not.toContain('adjuntos_no_guardados');
  });
});

describe('the SMTP receiver limits each connecting IP and each sender', () => {
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const receivers: SmtpReceiver[] = [];
  async function receiver(limits: { smtpPerIpPerHour: number; smtpPerSenderPerHour: number }) {
    const r = new SmtpReceiver(
      { ...t.app.ctx.config.inboundMail, ...limits },
      (mail) => t.app.ctx.tickets.ingest(mail),
      silent,
      t.app.ctx.db,
    );
    receivers.push(r);
    return r.start(0);
  }

  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.stop()));
  });

  it('a sender over its limit gets 450, counted across two instances on one database', async () => {
    await clearCounters(t.app.ctx.db, [{ bucket: 'smtp-in-ip' }, { bucket: 'smtp-in-sender' }]);
    const a = await receiver({ smtpPerIpPerHour: 100, smtpPerSenderPerHour: 2 });
    const b = await receiver({ smtpPerIpPerHour: 100, smtpPerSenderPerHour: 2 });
    await send({ from: 'pesado@example.com', subject: 'uno', text: '1' }, a);
    await send({ from: 'Pesado@Example.com', subject: 'dos', text: '2' }, b);
    await expect(send({ from: 'pesado@example.com', subject: 'tres', text: '3' }, a)).rejects.toMatchObject({
      responseCode: 450,
      response: expect.stringMatching(/too many messages from this sender/),
    });
    expect((await ticketsOf('pesado@example.com')).map((i) => i.subject).sort()).toEqual(['dos', 'uno']);
    // Another sender from the same IP is still welcome.
    await send({ from: 'tranquilo@example.com', subject: 'hola', text: 'x' }, b);
    expect(await ticketsOf('tranquilo@example.com')).toHaveLength(1);
  });

  it('an IP over its limit gets 421, whatever the sender', async () => {
    await clearCounters(t.app.ctx.db, [{ bucket: 'smtp-in-ip' }, { bucket: 'smtp-in-sender' }]);
    const port = await receiver({ smtpPerIpPerHour: 3, smtpPerSenderPerHour: 100 });
    for (const n of [1, 2, 3]) await send({ from: `ip-${n}@example.com`, subject: 'ip', text: 'x' }, port);
    await expect(send({ from: 'ip-4@example.com', subject: 'ip', text: 'x' }, port)).rejects.toMatchObject({
      responseCode: 421,
      response: expect.stringMatching(/Too many messages from/),
    });
    expect(await ticketsOf('ip-4@example.com')).toHaveLength(0);
  });
});
