// The e-mails an account's owner expects. A password changed (from the account or by a reset
// link), an e-mail address changed by staff (to the old address) and an account deleted (to the address it had), each
// queued by the action itself, in the store's language; the deletion's abuse cases (wrong password, guessing,
// impersonation).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '../../src/db/schema.js';
import { ERASED_RECIPIENT, forgetDeletedAccountMail } from '../../src/modules/account/deleted-account-mail.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { ADMIN, createTestApp, signedIn, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
let smtp: SmtpSink;
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

async function newCustomer(store = 1): Promise<{ c: TestClient; email: string; id: number }> {
  const c = new TestClient(t.app);
  await c.start(store);
  const email = `correos-${++seq}@example.com`;
  expect((await c.register(email, PASSWORD)).statusCode).toBe(201);
  const me = (await c.get('/api/me')).json<{ user: { id: number } }>();
  return { c, email, id: me.user.id };
}

/** The outbox rows of one kind sent to one address (what the dispatcher will send). */
async function queued(kind: string, to: string) {
  return t.app.ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to)));
}

describe('password changed', () => {
  it('from the account: the address is told, in the store’s language, with a link to reset', async () => {
    const { c, email } = await newCustomer(16);
    const wrong = await c.post('/api/me/password', { current_password: 'not-it-at-all', password: 'second-pw-2026!' });
    expect(wrong.statusCode).toBe(400);
    expect(await queued('password_changed', email)).toEqual([]);
    const ok = await c.post('/api/me/password', { current_password: PASSWORD, password: 'second-pw-2026!' });
    expect(ok.statusCode).toBe(200);
    const [mail] = await queued('password_changed', email);
    expect(mail?.language).toBe('pt');
    expect(mail?.subject).toContain('A palavra-passe da sua conta');
    expect(mail?.textBody).toContain('a partir da sua área de cliente');
    expect(mail?.textBody).toContain('Se não foi você');
    expect(mail?.textBody).toContain('/customer/password/forgot');
  });

  it('by a reset link: the address is told that a reset link was used', async () => {
    const { email } = await newCustomer();
    const anon = new TestClient(t.app);
    await anon.start(1);
    expect((await anon.post('/api/auth/password/remember', { email })).statusCode).toBe(202);
    await t.app.ctx.emailDispatcher.dispatchOnce();
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(smtp.to(email).at(-1)?.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect(await queued('password_changed', email)).toEqual([]);
    const reset = await anon.post('/api/auth/password/reset', { token, password: 'brand-new-pw-2026' });
    expect(reset.statusCode).toBe(200);
    const [mail] = await queued('password_changed', email);
    expect(mail?.language).toBe('es');
    expect(mail?.textBody).toContain('con un enlace de restablecimiento');
    expect(mail?.textBody).toContain('Si no has sido tú');
  });
});

describe('e-mail changed by staff', () => {
  it('an admin’s change tells the old address (masked new one); a name-only edit sends nothing', async () => {
    const { email, id } = await newCustomer();
    const admin = await signedIn(t.app, ADMIN);
    const load = async () =>
      (await admin.get(`/api/backoffice/customers/${id}`)).json<{ customer: { version: string } }>().customer;
    const base = { email, firstname: 'Lucía', lastname: 'Otra', phone: '' };
    const rename = await admin.request({
      method: 'PUT',
      url: `/api/backoffice/customers/${id}`,
      payload: { ...base, version: (await load()).version },
    });
    expect(rename.statusCode).toBe(200);
    expect(await queued('email_changed_notice', email)).toEqual([]);
    const next = `cambiado-${seq}@example.com`;
    const change = await admin.request({
      method: 'PUT',
      url: `/api/backoffice/customers/${id}`,
      payload: { ...base, email: next, version: (await load()).version },
    });
    expect(change.statusCode).toBe(200);
    const [mail] = await queued('email_changed_notice', email);
    expect(mail?.textBody).toContain('Nuestro equipo ha cambiado, a petición tuya');
    expect(mail?.textBody).toContain('c***@e***.com');
    expect(mail?.textBody).not.toContain(next);
  });
});

describe('account deleted', () => {
  it('a wrong password loses nothing and sends nothing; the right one deletes and tells the address it had', async () => {
    const { c, email, id } = await newCustomer(17);
    const wrong = await c.post('/api/me/account/delete', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields[0].field).toBe('password');
    expect((await c.get('/api/me/account')).statusCode).toBe(200);
    expect(await queued('account_deleted', email)).toEqual([]);

    const done = await c.post('/api/me/account/delete', { password: PASSWORD });
    expect(done.statusCode).toBe(200);
    const [mail] = await queued('account_deleted', email);
    expect(mail?.language).toBe('en');
    expect(mail?.subject).toMatch(/^Your .+ account has been deleted$/);
    expect(mail?.textBody).toContain('Value-Added Tax Consolidation Act 2010 (section 84)');
    // Not tied to the (now anonymous) account, and it reaches the old address.
    expect(mail?.userId).toBeNull();
    await t.app.ctx.emailDispatcher.dispatchOnce();
    expect(smtp.to(email).at(-1)?.subject).toContain('account has been deleted');
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, id));
    expect(row?.active).toBe(false);
    // Once sent, the hourly sweep forgets the address and the bodies; messages still waiting keep theirs.
    const waiting = await newCustomer(1);
    await t.app.ctx.db
      .insert(emailOutbox)
      .values({ ...mail!, id: undefined, toAddress: waiting.email, status: 'pending' });
    expect(await forgetDeletedAccountMail(t.app.ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await queued('account_deleted', email)).toEqual([]);
    const [forgotten] = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, mail!.id));
    expect(forgotten).toMatchObject({ toAddress: ERASED_RECIPIENT, textBody: '', htmlBody: '', status: 'sent' });
    expect(await queued('account_deleted', waiting.email)).toHaveLength(1);
    expect(await forgetDeletedAccountMail(t.app.ctx.db)).toBe(0);
  });

  it('guesses here count against the login throttle of the address: once it is spent, even the right one is 429', async () => {
    const { c, email } = await newCustomer();
    /** One address for the customer's browser and a second browser (the route's own per-minute limit is 5). */
    const from = (client: TestClient) => {
      const request = client.request.bind(client);
      client.request = (options) => request({ ...options, remoteAddress: '10.23.5.1' });
      return client;
    };
    from(c);
    for (let i = 0; i < 4; i++) {
      expect((await c.post('/api/me/account/delete', { password: `guess-${i}-wrong` })).statusCode).toBe(400);
    }
    // The fifth failure of this account from this address is a login's: the counters are the same.
    expect((await from(new TestClient(t.app)).login(email, 'guess-4-wrong')).statusCode).toBe(401);
    const blocked = await c.post('/api/me/account/delete', { password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect((await c.get('/api/me/account')).json().email).toBe(email);
    expect(await queued('account_deleted', email)).toEqual([]);
    // From another address the owner can still sign in.
    expect((await new TestClient(t.app).login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('an admin logged in as the customer cannot delete the account, even with its password', async () => {
    const { email, id } = await newCustomer();
    const admin = await signedIn(t.app, ADMIN);
    expect((await admin.post(`/api/backoffice/customers/${id}/impersonation`)).statusCode).toBe(200);
    await admin.start(1);
    const res = await admin.post('/api/me/account/delete', { password: PASSWORD });
    expect(res.statusCode).toBe(403);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, id));
    expect(row?.active).toBe(true);
    expect(await queued('account_deleted', email)).toEqual([]);
  });
});
