// Three app instances on one PostgreSQL database (a dedicated one, created here and dropped after), each with its own
// pool, its own data directory and a real HTTP listener, all three working the job queues: sessions, item locks, the
// pulled queue, e-mail sending and uploaded files work across them. Run with a PostgreSQL server:
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run apps/server/test/scale/three-instances.test.ts
// (npm run test:scale does that). Twice: files in an S3-compatible bucket (s3rver), then on one shared local disk.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_JOBS } from '../../src/modules/email/email.jobs.js';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { createScratchDatabase, HttpClient, startInstance, type Instance } from '../support/instances.js';
import { startS3Server, type TestS3Server } from '../support/s3-server.js';
import { waitFor } from '../support/sandbox-browser.js';
import { SmtpSink } from '../support/smtp-sink.js';

const adminUrl = process.env['TEST_DATABASE_URL'];
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n' + ' '.repeat(200_000),
);
const AGENT = ['agente@ventanilla.test', 'agente-demo-2026'] as const;
const ADMIN = ['admin@ventanilla.test', 'admin-demo-2026'] as const;
const CUSTOMER = ['cliente@ventanilla.test', 'cliente-demo-2026'] as const;

let scratch: { url: string; drop(): Promise<void> };
let smtp: SmtpSink;
let s3: TestS3Server;
let sharedDir: string;

beforeAll(async () => {
  if (!adminUrl) return;
  scratch = await createScratchDatabase(adminUrl);
  smtp = await new SmtpSink().start();
  s3 = await startS3Server();
  sharedDir = await mkdtemp(path.join(tmpdir(), 'ventanilla-shared-files-'));
});
afterAll(async () => {
  await smtp?.stop();
  await s3?.close();
  if (sharedDir) await rm(sharedDir, { recursive: true, force: true });
  await scratch?.drop();
});

const storages = [
  { storage: 'an S3-compatible bucket', env: () => s3.env, round: 1 },
  { storage: 'one shared local disk', env: () => ({ FILE_STORAGE: 'local', FILES_DIR: sharedDir }), round: 2 },
];

describe.skipIf(!adminUrl).each(storages)('three instances, files in $storage', ({ env, round }) => {
  let a: Instance;
  let b: Instance;
  let c: Instance;
  let nextOrderId = 300_000_000 + round * 10_000;
  let customerId: number;

  beforeAll(async () => {
    const common = { SMTP_URL: smtp.url, MAIL_FROM: 'pedidos@ventanilla.test', MAIL_POLL_MS: '500', ...env() };
    // The first one migrates and seeds; the others start together on the ready database.
    a = await startInstance('a', scratch.url, common);
    [b, c] = await Promise.all([startInstance('b', scratch.url, common), startInstance('c', scratch.url, common)]);
    const rows = await a.database.pool.query<{ id: number }>('select id from users where email = $1', [CUSTOMER[0]]);
    customerId = rows.rows[0]!.id;
  });
  afterAll(async () => {
    await Promise.all([a, b, c].map((i) => i?.close()));
  });

  async function signIn([email, password]: readonly [string, string], on: Instance): Promise<HttpClient> {
    const client = new HttpClient();
    expect(await client.login(on.url, email, password)).toBe(200);
    return client;
  }

  async function waitingItems(count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const { itemId } = await insertOrderWithItem(a.app.ctx.db, { orderId: nextOrderId++, customerId });
      ids.push(itemId);
    }
    return ids;
  }

  it('each instance has its own pool and server, on the same database', () => {
    expect(new Set([a.url, b.url, c.url]).size).toBe(3);
    expect(new Set([a.database.pool, b.database.pool, c.database.pool]).size).toBe(3);
  });

  it('a session created on A works on B and C, and signing out on C ends it on A', async () => {
    const customer = await signIn(CUSTOMER, a);
    expect((await customer.start(b.url)).user?.email).toBe(CUSTOMER[0]);
    expect((await customer.start(c.url)).user?.email).toBe(CUSTOMER[0]);
    // A state-changing request on C with the CSRF token of the session made on A.
    expect((await customer.request(c.url, 'POST', '/api/auth/logout')).status).toBe(204);
    expect((await customer.start(a.url)).user).toBeNull();
    expect((await customer.start(b.url)).user).toBeNull();
  });

  it('an item lock taken on A blocks B; of two simultaneous attempts on B and C exactly one wins', async () => {
    const agent = await signIn(AGENT, a);
    const admin = await signIn(ADMIN, b);
    const [held, ...contested] = await waitingItems(6);
    expect((await agent.request(a.url, 'POST', `/api/backoffice/items/${held}/lock`)).status).toBe(200);
    const refused = await admin.request(b.url, 'POST', `/api/backoffice/items/${held}/lock`);
    expect(refused.status).toBe(423);
    for (const itemId of contested) {
      const statuses = await Promise.all([
        agent.request(b.url, 'POST', `/api/backoffice/items/${itemId}/lock`).then((r) => r.status),
        admin.request(c.url, 'POST', `/api/backoffice/items/${itemId}/lock`).then((r) => r.status),
      ]);
      expect(statuses.sort()).toEqual([200, 423]);
    }
  });

  it('the queue hands different items to agents pulling at once on different instances', async () => {
    await a.database.pool.query('update order_items set panel_status_id = 110'); // park earlier tests' items
    const items = await waitingItems(9);
    const admin = await signIn(ADMIN, a);
    // A third agent, with the demo agent's password (staff accounts are otherwise made by invitation).
    const third = `agente3-${round}@ventanilla.test`;
    await a.database.pool.query(
      `insert into users (email, password_hash, firstname, lastname, role)
       select $1, password_hash, 'Tercera', 'Agente', 'agent' from users where email = $2`,
      [third, AGENT[0]],
    );
    const thirdAgent = await signIn([third, AGENT[1]], c);
    const agent = await signIn(AGENT, b);
    const pullers = [
      { client: admin, on: a },
      { client: agent, on: b },
      { client: thirdAgent, on: c },
    ];
    const pulled: number[] = [];
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        pullers.map(({ client, on }) =>
          client.request(on.url, 'POST', '/api/backoffice/queue/next', { queue: 'default' }),
        ),
      );
      for (const res of answers) {
        expect(res.status).toBe(200);
        pulled.push(((await res.json()) as { item_id: number }).item_id);
      }
    }
    expect(new Set(pulled).size).toBe(9);
    expect([...pulled].sort((x, y) => x - y)).toEqual([...items].sort((x, y) => x - y));
    expect((await agent.request(b.url, 'POST', '/api/backoffice/queue/next', { queue: 'default' })).status).toBe(204);
  });

  it('e-mails are sent exactly once though all three instances work the queue (and get duplicate jobs)', async () => {
    const ids: number[] = [];
    const to = (i: number) => `scale-${round}-${i}@example.com`;
    await a.app.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 30; i++) {
        const id = await a.app.ctx.email.enqueue(tx, {
          message: { kind: 'document_ready', firstname: 'Ana', orderId: 1, productName: 'Nota simple' },
          storeId: 1,
          to: to(i),
        });
        ids.push(id!);
      }
    });
    // Duplicates from the other instances, under other queue keys, so the queue policy does not drop them: only the
    // handler (the outbox claim) stands between them and a second send.
    for (const id of ids) {
      await b.app.ctx.jobs.send(EMAIL_JOBS.send, { outboxId: id }, { singletonKey: `${id}:again-from-b` });
      await c.app.ctx.jobs.send(EMAIL_JOBS.send, { outboxId: id }, { singletonKey: `${id}:again-from-c` });
    }
    const outbox = () =>
      a.database.pool
        .query<{ n: string }>(`select count(*) n from email_outbox where id = any($1) and status = 'sent'`, [ids])
        .then((r) => Number(r.rows[0]!.n));
    const openJobs = () =>
      a.database.pool
        .query<{ n: string }>(`select count(*) n from pgboss.job where name = $1 and state < 'completed'`, [
          EMAIL_JOBS.send,
        ])
        .then((r) => Number(r.rows[0]!.n));
    await waitFor(async () => (await outbox()) === 30 && (await openJobs()) === 0, 60_000);
    for (let i = 0; i < 30; i++) expect(smtp.to(to(i))).toHaveLength(1);
    const sentBy = [a, b, c].flatMap((i) => i.sent.filter((id) => ids.includes(id)));
    expect(sentBy.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    console.info(
      `round ${round}: 30 e-mails, sent by a/b/c: ${[a, b, c].map((i) => i.sent.filter((id) => ids.includes(id)).length).join('/')}`,
    );
  });

  it('a file uploaded through A downloads through C; removed through B, it is gone for C', async () => {
    const customer = new HttpClient();
    await customer.start(a.url);
    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'escritura.pdf');
    const uploaded = await customer.request(a.url, 'POST', '/api/uploads', form);
    expect(uploaded.status).toBe(201);
    const { file_id } = (await uploaded.json()) as { file_id: string };

    const download = await customer.request(c.url, 'GET', `/api/uploads/${file_id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    // Someone else's session, on any instance, does not see it.
    const stranger = new HttpClient();
    await stranger.start(b.url);
    expect((await stranger.request(b.url, 'GET', `/api/uploads/${file_id}`)).status).toBe(404);

    const [row] = (
      await a.database.pool.query<{ storage_key: string }>('select storage_key from uploads where id = $1', [file_id])
    ).rows;
    expect((await customer.request(b.url, 'DELETE', `/api/uploads/${file_id}`)).status).toBe(204);
    expect((await customer.request(c.url, 'GET', `/api/uploads/${file_id}`)).status).toBe(404);
    await expect(c.app.ctx.files.open(row!.storage_key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    if (round === 2) {
      // On the shared disk, the bytes were under FILES_DIR (not in any instance's own DATA_DIR) and are gone.
      const left = await readdir(sharedDir, { recursive: true });
      expect(left.some((f) => f.endsWith(row!.storage_key.split('/')[1]!))).toBe(false);
    }
  });
});
