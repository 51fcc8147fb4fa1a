// The owner always gets in (docs/decisions/0013-login-throttle-and-quotas.md, "Known devices" and "Sign-in links"):
// failures from many addresses exhaust the account-wide login throttle, which must not keep the owner out for an
// hour. A browser where the account signed in before (its known-device cookie) still signs in with the right
// password, and a one-time link e-mailed to the account signs in from anywhere.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ACCOUNT_AND_IP,
  MAX_FAILURES_PER_DEVICE,
  MAX_FAILURES_PER_IP,
} from '../../src/modules/customers/auth.service.js';
import { DEVICE_COOKIE } from '../../src/modules/customers/known-devices.service.js';
import { SIGN_IN_LINKS_PER_HOUR } from '../../src/modules/customers/sign-in-links.service.js';
import { signInDevices, signInLinks, users } from '../../src/db/schema.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
let smtp: SmtpSink;
let ipCounter = 1;
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

const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.app.ctx.database.pool.query<T>(text, params).then((r) => r.rows);

/** A browser (keeping its known-device cookie) from its own address, or from the one given. */
async function from(ip = `10.7.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`): Promise<TestClient> {
  const c = new TestClient(t.app);
  c.keep = [DEVICE_COOKIE];
  const request = c.request.bind(c);
  c.request = (options) => request({ ...options, remoteAddress: ip });
  await c.start();
  return c;
}

const login = (c: TestClient, email: string, password: string) => c.post('/api/auth/login', { email, password });

/** Many addresses, each within its own limit, until the account-wide limit is spent. */
async function lockOut(email: string): Promise<void> {
  for (let bot = 0; bot < MAX_FAILURES_PER_ACCOUNT / MAX_FAILURES_PER_ACCOUNT_AND_IP; bot++) {
    const attacker = await from();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP; i++) {
      expect((await login(attacker, email, `bot-${bot}-guess-${i}`)).statusCode).toBe(401);
    }
  }
  const stranger = await from();
  expect((await login(stranger, email, 'one-more-guess')).json().code).toBe('TOO_MANY_ATTEMPTS');
}

/** Asks for a sign-in link and returns the token of the e-mail that arrived (or undefined). */
async function linkToken(c: TestClient, email: string): Promise<{ token?: string; subject?: string; text: string }> {
  expect((await c.post('/api/auth/sign-in-link', { email })).statusCode).toBe(202);
  await t.app.ctx.emailDispatcher.dispatchOnce();
  const mail = smtp.received.findLast((m) => m.envelopeTo.includes(email));
  const text = mail?.parsed.text ?? '';
  return {
    token: /\/customer\/sign-in-link\?[^#\s]*#token=(\d+\.[A-Za-z0-9_-]{43})/.exec(text)?.[1],
    text,
    subject: mail?.parsed.subject,
  };
}

async function customer(email: string, password: string): Promise<TestClient> {
  const c = await from();
  expect((await c.register(email, password)).statusCode).toBe(201);
  return c;
}

describe('a known device', () => {
  it('is set at each successful sign-in (httpOnly, SameSite=Strict, only for the sign-in routes); only its hash is kept', async () => {
    await customer('device.cookie@example.com', 'known-device-password');
    const c = await from();
    const res = await login(c, 'device.cookie@example.com', 'known-device-password');
    const cookie = res.cookies.find((x) => x.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.app.ctx.db
      .select({ tokenHash: signInDevices.tokenHash })
      .from(signInDevices)
      .innerJoin(users, eq(users.id, signInDevices.userId))
      .where(eq(users.email, 'device.cookie@example.com'));
    // Registration signed in on one browser, this login on another.
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash) && r.tokenHash !== cookie?.value)).toBe(true);
    // Signing in again on the same browser keeps the same device.
    await c.post('/api/auth/logout');
    await c.start();
    const again = await login(c, 'device.cookie@example.com', 'known-device-password');
    expect(again.cookies.find((x) => x.name === DEVICE_COOKIE)?.value).toBe(cookie?.value);
  });

  // Regression: 50 failures from many addresses locked the owner out of the account for an hour.
  it('lets the owner in with the right password while many addresses keep the account locked', async () => {
    const owner = await customer('locked.owner@example.com', 'the-owners-own-secret');
    await owner.post('/api/auth/logout');
    await owner.start();
    await lockOut('locked.owner@example.com');
    // A browser the account never signed in on is still held back, with the right password too.
    const newBrowser = await from();
    expect((await login(newBrowser, 'locked.owner@example.com', 'the-owners-own-secret')).statusCode).toBe(429);
    // The owner's browser gets in.
    const res = await login(owner, 'locked.owner@example.com', 'the-owners-own-secret');
    expect(res.statusCode).toBe(200);
    expect((await owner.get('/api/me')).json()).toMatchObject({ user: { email: 'locked.owner@example.com' } });
  });

  it("is one account's: another account's device cookie does not lift this account's throttle", async () => {
    await customer('victim.two@example.com', 'victim-two-password');
    const attacker = await customer('attacker.two@example.com', 'attacker-two-password');
    await lockOut('victim.two@example.com');
    expect(attacker.jar[DEVICE_COOKIE]).toBeDefined();
    expect((await login(attacker, 'victim.two@example.com', 'a-guess-of-his')).statusCode).toBe(429);
  });

  it('a stolen device cookie still guesses slowly, and the per-IP throttle still applies', async () => {
    const owner = await customer('stolen.device@example.com', 'stolen-device-password');
    const codes: number[] = [];
    for (let i = 0; i < MAX_FAILURES_PER_DEVICE + 2; i++)
      codes.push((await login(owner, 'stolen.device@example.com', `thief-guess-${i}`)).statusCode);
    expect(codes).toEqual([...Array(MAX_FAILURES_PER_DEVICE).fill(401), 429, 429]);

    // An address spraying many accounts stops at its limit, known device or not.
    const sprayer = await from('10.99.0.1');
    await customer('sprayer.own@example.com', 'sprayer-own-password').then(async (c) => {
      sprayer.jar[DEVICE_COOKIE] = c.jar[DEVICE_COOKIE]!;
    });
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) await login(sprayer, `sprayed${i}@example.com`, 'spray-password');
    expect((await login(sprayer, 'sprayer.own@example.com', 'sprayer-own-password')).statusCode).toBe(429);
  });
});

describe('a one-time sign-in link', () => {
  it('lets the owner of a locked account in from a new browser, once, and ends the lockout', async () => {
    await customer('link.owner@example.com', 'link-owner-password');
    await lockOut('link.owner@example.com');
    const browser = await from();
    expect((await login(browser, 'link.owner@example.com', 'link-owner-password')).statusCode).toBe(429);

    await browser.start(17);
    const { token, subject, text } = await linkToken(browser, 'link.owner@example.com');
    expect(subject).toBe('Your link to sign in to Ventanilla Ireland');
    expect(text).toContain('15 minutes');
    expect(token).toBeDefined();
    // Only a hash is kept, and the outbox holds no working link.
    const rows = await t.app.ctx.db.select().from(signInLinks);
    expect(rows.map((r) => r.tokenHash)).not.toContain(token!.split('.')[1]);
    const [stored] = await sql<{ text_body: string }>(
      "select text_body from email_outbox where kind = 'sign_in_link' and to_address = 'link.owner@example.com'",
    );
    expect(stored?.text_body).toContain('#token=REDACTED');

    const used = await browser.post('/api/auth/sign-in-link/consume', { token });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ user: { email: 'link.owner@example.com' } });
    expect((await browser.get('/api/me')).json()).toMatchObject({ user: { email: 'link.owner@example.com' } });
    // Once.
    const again = await (await from()).post('/api/auth/sign-in-link/consume', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('SIGN_IN_LINK_INVALID');
    // The mailbox's owner ended the lockout: the password works from anywhere again.
    expect((await login(await from(), 'link.owner@example.com', 'link-owner-password')).statusCode).toBe(200);
  });

  it('answers the same for an unknown account, and sends nothing', async () => {
    await customer('link.known@example.com', 'link-known-password');
    const c = await from();
    const known = await c.post('/api/auth/sign-in-link', { email: 'link.known@example.com' });
    const unknown = await c.post('/api/auth/sign-in-link', { email: 'link.nobody@example.com' });
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(unknown.body).toBe(known.body);
    await t.app.ctx.emailDispatcher.dispatchOnce();
    expect(smtp.to('link.known@example.com')).toHaveLength(1);
    expect(smtp.to('link.nobody@example.com')).toHaveLength(0);
  });

  it(`sends at most ${SIGN_IN_LINKS_PER_HOUR} e-mails an hour per account; the answer does not change`, async () => {
    await customer('link.flood@example.com', 'link-flood-password');
    for (let i = 0; i < SIGN_IN_LINKS_PER_HOUR + 2; i++) {
      expect(
        (await (await from()).post('/api/auth/sign-in-link', { email: 'link.flood@example.com' })).statusCode,
      ).toBe(202);
    }
    await t.app.ctx.emailDispatcher.dispatchOnce();
    expect(smtp.to('link.flood@example.com')).toHaveLength(SIGN_IN_LINKS_PER_HOUR);
  });

  it('refuses a wrong secret, a malformed token and an expired link, all alike', async () => {
    await customer('link.expiry@example.com', 'link-expiry-password');
    const c = await from();
    const { token } = await linkToken(c, 'link.expiry@example.com');
    const [id, secret] = token!.split('.') as [string, string];
    const wrongSecret = `${id}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [wrongSecret, 'not-a-token', `99999999.${secret}`, `${id}.${secret}x`]) {
      const res = await c.post('/api/auth/sign-in-link/consume', { token: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('SIGN_IN_LINK_INVALID');
    }
    // A wrong guess does not spend the link; time does.
    await sql("update sign_in_links set expires_at = now() - interval '1 second' where id = $1", [Number(id)]);
    const expired = await c.post('/api/auth/sign-in-link/consume', { token });
    expect(expired.json()).toMatchObject({ code: 'SIGN_IN_LINK_INVALID' });
    expect(expired.json().message).toContain('caducado');
    expect((await c.get('/api/me')).statusCode).toBe(401);
  });

  it('signs in once when the same link is used twice at the same moment', async () => {
    await customer('link.race@example.com', 'link-race-password');
    const { token } = await linkToken(await from(), 'link.race@example.com');
    const [a, b] = [await from(), await from()];
    const answers = await Promise.all([a, b].map((c) => c.post('/api/auth/sign-in-link/consume', { token })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const signedIn = await Promise.all([a, b].map(async (c) => (await c.get('/api/me')).statusCode));
    expect(signedIn.sort()).toEqual([200, 401]);
  });

  it('answers 400, never 500, to odd tokens: NUL bytes, ids past 32 bits, signs, encodings, non-strings', async () => {
    await customer('link.odd@example.com', 'link-odd-password');
    const c = await from();
    const { token } = await linkToken(c, 'link.odd@example.com');
    const [id, secret] = token!.split('.') as [string, string];
    const odd: unknown[] = [
      `${id}\u0000.${secret}`,
      `${id}.${secret}\u0000`,
      `2147483648.${secret}`,
      `${'9'.repeat(40)}.${secret}`,
      `-${id}.${secret}`,
      `0x${Number(id).toString(16)}.${secret}`,
      `${id}.${encodeURIComponent(secret)}%00`,
      `${id}%2E${secret}`,
      '.',
      '',
      'x'.repeat(10_000),
      Number(id),
      [token, token],
      { token },
      null,
    ];
    for (const bad of odd) {
      const res = await c.post('/api/auth/sign-in-link/consume', { token: bad });
      expect(res.statusCode, JSON.stringify(bad).slice(0, 60)).toBe(400);
    }
    // None of them spent the link.
    expect((await c.post('/api/auth/sign-in-link/consume', { token })).statusCode).toBe(200);
  });
});
