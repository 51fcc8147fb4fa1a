import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/env.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/connection.js';
import type { MailTransport } from '../../src/modules/email/email-transport.js';
import { createMailTransport } from '../../src/modules/email/email-transport.js';

/** One app instance: its own pool, its own data directory, a real listening HTTP server. */
export interface Instance {
  name: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
  /** Messages this instance's workers handed to the SMTP server. */
  sent: number[];
  close(): Promise<void>;
}

/** A dedicated database on a PostgreSQL server, created for a test and dropped (FORCE) after it. */
export async function createScratchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ventanilla_scale_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Starts an app instance on `databaseUrl` as production would run several (JOB_WORKERS=1: it works the job queues),
 * listening on a free port of 127.0.0.1.
 */
export async function startInstance(name: string, databaseUrl: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `ventanilla-${name}-`));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'http://shop.test',
    SMTP_INBOUND_PORT: 'off',
    JOB_WORKERS: '1',
    ...env,
  });
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 5 });
  const sent: number[] = [];
  const smtp = createMailTransport(config.mail, dataDir);
  // The real SMTP transport, noting which outbox ids this instance sent.
  const mailTransport: MailTransport = {
    name: smtp.name,
    send: async (mail) => {
      const result = await smtp.send(mail);
      sent.push(mail.id);
      return result;
    },
    close: () => smtp.close(),
  };
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, database, logger: false, mailTransport });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (err) {
    await database.close();
    throw err;
  }
  const { port } = app.server.address() as AddressInfo;
  return {
    name,
    app,
    database,
    url: `http://127.0.0.1:${port}`,
    sent,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser over real HTTP: one cookie jar and CSRF token, whichever instance each request goes to. */
export class HttpClient {
  private cookie: string | undefined;
  csrf: string | undefined;

  async request(base: string, method: string, url: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    if (method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
    let payload: RequestInit['body'];
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${base}${url}`, { method, headers, body: payload });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      if (pair?.startsWith('vt_sid=')) this.cookie = pair === 'vt_sid=' ? undefined : pair;
    }
    return res;
  }

  async start(base: string): Promise<{ user: { email: string } | null }> {
    const res = await this.request(base, 'GET', '/api/session');
    const session = (await res.json()) as { csrf_token: string; user: { email: string } | null };
    this.csrf = session.csrf_token;
    return session;
  }

  async login(base: string, email: string, password: string): Promise<number> {
    if (!this.csrf) await this.start(base);
    const res = await this.request(base, 'POST', '/api/auth/login', { email, password });
    await this.start(base);
    return res.status;
  }
}
