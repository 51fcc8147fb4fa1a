import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailOutbox } from '../../src/db/schema.js';
import { TestClient } from './test-app.js';

let ip = 1;

/**
 * The token of the newest account invitation to `email`, as its owner reads it: the dispatcher sends the outbox (the
 * test app's mailbox transport keeps each message in DATA_DIR/mailbox/<id>.eml) and the link is read from the file.
 */
export async function invitationToken(app: FastifyInstance, email: string): Promise<string> {
  await app.ctx.emailDispatcher.dispatchOnce();
  const [row] = await app.ctx.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'account_invite')))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  if (!row) throw new Error(`no invitation to ${email}`);
  const eml = await readFile(path.join(app.ctx.config.dataDir, 'mailbox', `${row.id}.eml`), 'utf8');
  // Quoted-printable soft line breaks may split the link.
  const token = /#token=([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(
    eml.replace(/=\r?\n/g, '').replaceAll('=3D', '='),
  )?.[1];
  if (!token) throw new Error(`the invitation to ${email} has no link`);
  return token;
}

/** Follows the invitation of `email` and chooses `password` (each call from its own address: per-IP limits). */
export async function acceptInvitation(app: FastifyInstance, email: string, password: string) {
  const token = await invitationToken(app, email);
  const client = new TestClient(app);
  const remoteAddress = `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
  const request = client.request.bind(client);
  client.request = (options) => request({ ...options, remoteAddress });
  await client.start();
  return client.post('/api/auth/password/reset', { token, password });
}
