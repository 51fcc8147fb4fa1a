import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, passwordResetTokens, users } from '../../src/db/schema.js';
import { INVITE_TOKEN_TTL_MS } from '../../src/modules/customers/password-reset.service.js';
import { acceptInvitation, invitationToken } from '../support/invitations.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

// Accounts staff make (an agent by an admin, a customer by an admin) are e-mailed an invitation whose single-use,
// expiring link sets the first password (docs/backoffice.md, "Agents" and "Customers"). Staff never see or set it.

let t: TestApp;
let admin: TestClient;
let agent: TestClient;
let ipCounter = 1;

/** A browser from its own address (the reset routes' per-IP limits). */
async function visitor(store?: number) {
  const c = new TestClient(t.app);
  const ip = `10.7.0.${ipCounter++}`;
  const request = c.request.bind(c);
  c.request = (options) => request({ ...options, remoteAddress: ip });
  await c.start(store);
  return c;
}

async function signIn(email: string, password: string) {
  const c = await visitor();
  return { client: c, status: (await c.login(email, password)).statusCode };
}

const tokensOf = async (email: string) => {
  const [user] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
  return t.app.ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user!.id));
};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn('admin@ventanilla.test', 'admin-demo-2026')).client;
  agent = (await signIn('agente@ventanilla.test', 'agente-demo-2026')).client;
});
afterAll(async () => t?.close());

describe('a staff account made by an admin', () => {
  const email = 'invitada@ventanilla.test';

  it('is e-mailed an invitation; the outbox and the mailbox screen never hold a working link', async () => {
    const res = await admin.post('/api/backoffice/staff', {
      email,
      firstname: 'Inés',
      lastname: 'Invitada',
      role: 'agent',
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await t.app.ctx.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'account_invite')));
    expect(mail).toBeDefined();
    expect(mail!.subject).toContain('elige tu contraseña');
    expect(mail!.textBody).toContain('#token=REDACTED');
    expect(mail!.textBody).toContain('7 días');
    // Staff reading the outbox see no body.
    const shown = await admin.get(`/api/backoffice/emails/${mail!.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ text: '', html: '' });
    expect((await admin.get(`/api/backoffice/emails/${mail!.id}/preview`)).statusCode).toBe(404);
  });

  it('cannot sign in before the invitation is used', async () => {
    for (const password of ['', 'tres-tristes-tigres-2026', '!created-by-agent']) {
      expect((await signIn(email, password)).status).toBe(401);
    }
  });

  it('the link sets the password once; the token is kept hashed; a second use is refused in the language', async () => {
    const token = await invitationToken(t.app, email);
    const [stored] = await tokensOf(email);
    expect(stored!.tokenHash).not.toBe(token);
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeGreaterThan(INVITE_TOKEN_TTL_MS - 60_000);

    const c = await visitor();
    expect((await c.post('/api/auth/password/reset-token', { token })).statusCode).toBe(200);
    const weak = await c.post('/api/auth/password/reset', { token, password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields[0].field).toBe('password');
    expect((await c.post('/api/auth/password/reset', { token, password: 'invitada-por-fin-2026' })).statusCode).toBe(
      200,
    );
    expect((await signIn(email, 'invitada-por-fin-2026')).status).toBe(200);

    const again = await c.post('/api/auth/password/reset', { token, password: 'otra-clave-distinta-2026' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'RESET_TOKEN_INVALID',
      message: expect.stringContaining('ya se ha usado'),
    });
    const english = await (
      await visitor(17)
    ).post('/api/auth/password/reset', { token, password: 'otra-clave-distinta-2027' });
    expect(english.json().message).toContain('already been used');
    const portuguese = await (await visitor(16)).post('/api/auth/password/reset-token', { token });
    expect(portuguese.json().message).toContain('já foi usada');
    expect((await signIn(email, 'otra-clave-distinta-2026')).status).toBe(401);
  });

  it('an expired invitation is refused, and the dispatcher does not send one past its time', async () => {
    const late = 'tardia@ventanilla.test';
    expect(
      (
        await admin.post('/api/backoffice/staff', {
          email: late,
          firstname: 'Tere',
          lastname: 'Tardía',
          role: 'notary',
        })
      ).statusCode,
    ).toBe(201);
    const token = await invitationToken(t.app, late);
    const [user] = await t.app.ctx.db.select().from(users).where(eq(users.email, late));
    await t.app.ctx.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user!.id));
    const c = await visitor();
    expect((await c.post('/api/auth/password/reset-token', { token })).json().code).toBe('RESET_TOKEN_INVALID');
    const res = await c.post('/api/auth/password/reset', { token, password: 'demasiado-tarde-2026' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('RESET_TOKEN_INVALID');
    expect((await signIn(late, 'demasiado-tarde-2026')).status).toBe(401);
  });

  it('a tampered token is refused', async () => {
    const token = await invitationToken(t.app, email);
    const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    const c = await visitor();
    for (const bad of [flipped, `${token}x`, token.slice(0, 42), `${token.slice(0, 42)}\u0000`]) {
      const res = await c.post('/api/auth/password/reset', { token: bad, password: 'manipulada-2026-clave' });
      expect(res.statusCode).toBe(400);
    }
  });

  it('is for admins only; bad input is 400 and makes no account or e-mail', async () => {
    const payload = { email: 'colado@ventanilla.test', firstname: 'Colo', lastname: 'Colado', role: 'admin' };
    expect((await agent.post('/api/backoffice/staff', payload)).statusCode).toBe(403);
    const anonymous = await visitor();
    expect((await anonymous.post('/api/backoffice/staff', payload)).statusCode).toBe(401);
    expect((await admin.post('/api/backoffice/staff', { ...payload, firstname: 'Co\u0000lo' })).statusCode).toBe(400);
    expect((await admin.post('/api/backoffice/staff', { ...payload, email: 'no-es-email' })).statusCode).toBe(400);
    expect((await admin.post('/api/backoffice/staff', { ...payload, firstname: ' ' })).statusCode).toBe(400);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, payload.email))).toEqual([]);
    expect(await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, payload.email))).toEqual([]);
  });

  it('two creations of one e-mail at once: one account, one invitation', async () => {
    const payload = { email: 'doble@ventanilla.test', firstname: 'Dora', lastname: 'Doble', role: 'agent' };
    const codes = (
      await Promise.all([admin.post('/api/backoffice/staff', payload), admin.post('/api/backoffice/staff', payload)])
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([201, 409]);
    const mails = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, payload.email));
    expect(mails).toHaveLength(1);
  });
});

describe('a customer account made by an admin', () => {
  it('gets its invitation in its store language and signs in with the password it chose', async () => {
    const email = 'cliente.invitado@example.pt';
    const res = await admin.post('/api/backoffice/customers', {
      email,
      firstname: 'Rui',
      lastname: 'Convidado',
      store_id: 16,
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mail).toMatchObject({ kind: 'account_invite', language: 'pt', storeId: 16 });
    expect(mail!.subject).toContain('escolha a sua palavra-passe');
    expect(mail!.textBody).not.toContain('back office');
    expect((await acceptInvitation(t.app, email, 'convidado-escolheu-2026')).statusCode).toBe(200);
    expect((await signIn(email, 'convidado-escolheu-2026')).status).toBe(200);
  });

  it('an unknown store is 400 and no account is made; agents cannot create customers', async () => {
    const payload = { email: 'sin.tienda@example.com', firstname: 'Sin', lastname: 'Tienda' };
    expect((await admin.post('/api/backoffice/customers', { ...payload, store_id: 98 })).statusCode).toBe(400);
    expect((await admin.post('/api/backoffice/customers', { ...payload, store_id: 2 ** 40 })).statusCode).toBe(400);
    expect((await agent.post('/api/backoffice/customers', payload)).statusCode).toBe(403);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, payload.email))).toEqual([]);
  });
});
