// Remember-me (the spec's cookieLogin; docs/decisions/0018-sign-in-options.md): a long-lived cookie, stored hashed,
// rotated on every use, whose reuse after rotation is theft (the device's chain is revoked), revocable per device.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rememberTokens, sessions } from '../../src/db/schema.js';
import { REMEMBER_RACE_GRACE_MS } from '../../src/modules/customers/remember-me.service.js';
import { CookieBrowser } from '../support/cookie-browser.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let clock = new Date();
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'correct-horse-battery';

/** A new customer who registered on a new browser and signed out again. */
async function signedOutCustomer(): Promise<{ browser: CookieBrowser; email: string }> {
  const email = `remember-${++n}@example.com`;
  const browser = new CookieBrowser(t.app, `10.9.1.${n}`);
  await browser.session();
  const registered = await browser.post('/api/auth/register', {
    email,
    password: PASSWORD,
    firstname: 'Ana',
    lastname: 'Ruiz',
  });
  expect(registered.statusCode).toBe(201);
  await browser.session();
  expect((await browser.post('/api/auth/logout')).statusCode).toBe(204);
  await browser.session();
  return { browser, email };
}

/** A new customer signed in with "remember me" on a new browser. */
async function rememberedCustomer(): Promise<{ browser: CookieBrowser; email: string }> {
  const customer = await signedOutCustomer();
  const res = await customer.browser.login(customer.email, PASSWORD, true);
  expect(res.statusCode).toBe(200);
  return customer;
}

/** Another browser that holds only this remember cookie (the session cookie is gone: the browser was closed). */
async function browserWith(cookie: string): Promise<CookieBrowser> {
  const b = new CookieBrowser(t.app, '10.9.2.1');
  b.jar.set('vt_remember', cookie);
  await b.session();
  return b;
}

const cookieLogin = (b: CookieBrowser) => b.post('/api/auth/cookie-login');

describe('remember me', () => {
  it('sets an httpOnly, SameSite=Strict cookie for /api/ whose secret is kept only as a hash', async () => {
    const { browser, email } = await signedOutCustomer();
    const res = await browser.post('/api/auth/login', { email, password: PASSWORD, remember: true });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'vt_remember')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/' });
    expect(cookie.maxAge).toBe(30 * 24 * 3600);
    const [series, secret] = cookie.value.split('.');
    const [row] = await t.app.ctx.db.select().from(rememberTokens).where(eq(rememberTokens.series, series!));
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(secret!);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('without the box ticked, nothing is remembered', async () => {
    const { browser, email } = await signedOutCustomer();
    // No `remember` at all, as an older page would send it.
    const res = await browser.post('/api/auth/login', { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'vt_remember')).toBeUndefined();
  });

  it("on a shared browser, another person's sign-in forgets the device remembered before", async () => {
    const { browser: shared } = await rememberedCustomer();
    const remembered = shared.jar.get('vt_remember')!;
    const res = await shared.login('agente@ventanilla.test', 'agente-demo-2026');
    expect(res.statusCode).toBe(200);
    expect(shared.jar.has('vt_remember')).toBe(false);
    expect((await cookieLogin(await browserWith(remembered))).statusCode).toBe(401);
  });

  it('staff are never remembered (decision 0018)', async () => {
    const browser = new CookieBrowser(t.app);
    const res = await browser.login('agente@ventanilla.test', 'agente-demo-2026', true);
    expect(res.statusCode).toBe(200);
    expect(browser.jar.has('vt_remember')).toBe(false);
  });

  it('signs a closed browser back in and rotates the cookie; the old one stops working', async () => {
    const { browser, email } = await rememberedCustomer();
    const first = browser.jar.get('vt_remember')!;
    const later = await browserWith(first);
    expect(await later.session()).toMatchObject({ user: null, remembered: true });
    const res = await cookieLogin(later);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
    const second = later.jar.get('vt_remember')!;
    expect(second).not.toBe(first);
    expect(second.split('.')[0]).toBe(first.split('.')[0]);
    expect((await later.get('/api/me')).statusCode).toBe(200);
    // The next use rotates again.
    const third = await browserWith(second);
    expect((await cookieLogin(third)).statusCode).toBe(200);
    expect(third.jar.get('vt_remember')).not.toBe(second);
  });

  it('reuse of a rotated cookie is theft: the whole device is revoked, sessions it signed in end too', async () => {
    const { browser } = await rememberedCustomer();
    const stolen = browser.jar.get('vt_remember')!;
    // The thief uses the copy first: rotated, signed in.
    const thief = await browserWith(stolen);
    expect((await cookieLogin(thief)).statusCode).toBe(200);
    expect((await thief.get('/api/me')).statusCode).toBe(200);
    advance(REMEMBER_RACE_GRACE_MS + 1000);
    // The owner comes back with the (now rotated) original: theft detected.
    const owner = await browserWith(stolen);
    const res = await cookieLogin(owner);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('REMEMBER_INVALID');
    expect(owner.jar.has('vt_remember')).toBe(false);
    // The thief's session and cookie are dead.
    expect((await thief.get('/api/me')).statusCode).toBe(401);
    const again = await browserWith(thief.jar.get('vt_remember')!);
    expect((await cookieLogin(again)).statusCode).toBe(401);
    // The sign-in that remembered the device belongs to the chain too: whoever holds it signs in again.
    expect((await browser.get('/api/me')).statusCode).toBe(401);
  });

  it('two requests at once with one cookie: one rotates, the other is told to retry, the device lives', async () => {
    const { browser } = await rememberedCustomer();
    const cookie = browser.jar.get('vt_remember')!;
    const a = await browserWith(cookie);
    const b = await browserWith(cookie);
    const [ra, rb] = await Promise.all([cookieLogin(a), cookieLogin(b)]);
    const codes = [ra.statusCode, rb.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = ra.statusCode === 409 ? ra : rb;
    expect(loser.json().code).toBe('REMEMBER_RETRY');
    // The loser's reply does not clear the cookie (its sibling just set the new one).
    expect(loser.cookies.find((c) => c.name === 'vt_remember')).toBeUndefined();
    const winner = ra.statusCode === 200 ? a : b;
    const next = winner.jar.get('vt_remember')!;
    expect(next).not.toBe(cookie);
    // Exactly one valid secret: the new one works, the old one (after the grace period) is theft.
    const rows = await t.app.ctx.db
      .select()
      .from(rememberTokens)
      .where(eq(rememberTokens.series, cookie.split('.')[0]!));
    expect(rows).toHaveLength(1);
    expect((await cookieLogin(await browserWith(next))).statusCode).toBe(200);
  });

  it('many parallel uses of one cookie still give a single winner', async () => {
    const { browser } = await rememberedCustomer();
    const cookie = browser.jar.get('vt_remember')!;
    const browsers = await Promise.all(Array.from({ length: 6 }, () => browserWith(cookie)));
    const answers = await Promise.all(browsers.map(cookieLogin));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(5);
  });

  it('expires after 30 days without use (the cookie is cleared)', async () => {
    const { browser } = await rememberedCustomer();
    const cookie = browser.jar.get('vt_remember')!;
    advance(29 * 24 * 3600 * 1000);
    const used = await browserWith(cookie);
    expect((await cookieLogin(used)).statusCode).toBe(200);
    // Each use slides the 30 days; 31 days of silence end it.
    advance(31 * 24 * 3600 * 1000);
    const late = await browserWith(used.jar.get('vt_remember')!);
    const res = await cookieLogin(late);
    expect(res.statusCode).toBe(401);
    expect(late.jar.has('vt_remember')).toBe(false);
  });

  it('refuses without the CSRF header, without a session, with a forged or missing cookie', async () => {
    const { browser } = await rememberedCustomer();
    const cookie = browser.jar.get('vt_remember')!;
    const noCsrf = await browserWith(cookie);
    expect((await noCsrf.post('/api/auth/cookie-login', undefined, { csrf: false })).json().code).toBe('CSRF_INVALID');
    // A cross-site form has no session cookie of ours and no token either.
    const bare = new CookieBrowser(t.app);
    bare.jar.set('vt_remember', cookie);
    expect((await bare.post('/api/auth/cookie-login', undefined, { csrf: false })).statusCode).toBe(403);
    // The cookie was not consumed by the refused attempts.
    expect((await cookieLogin(await browserWith(cookie))).statusCode).toBe(200);
    for (const forged of [
      '',
      'x',
      `${cookie.split('.')[0]}.${'A'.repeat(43)}`,
      `${'B'.repeat(22)}.${'A'.repeat(43)}`,
      'a.b\u0000c',
    ]) {
      const b = new CookieBrowser(t.app);
      await b.session();
      if (forged) b.jar.set('vt_remember', encodeURIComponent(forged));
      expect((await cookieLogin(b)).statusCode).toBe(401);
    }
  });

  it('lists the devices with browser and system and signs one out; its sessions end', async () => {
    const { browser, email } = await rememberedCustomer();
    const phone = new CookieBrowser(t.app);
    phone.userAgent =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    await phone.login(email, PASSWORD, true);
    const list = (await browser.get('/api/me/devices')).json().items as Array<{
      id: number;
      browser: string;
      os: string;
      current: boolean;
    }>;
    expect(list).toHaveLength(2);
    expect(list.find((d) => d.current)).toMatchObject({ browser: 'Firefox', os: 'Linux' });
    const other = list.find((d) => !d.current)!;
    expect(other).toMatchObject({ browser: 'Safari', os: 'iOS' });
    expect((await phone.get('/api/me')).statusCode).toBe(200);
    expect((await browser.delete(`/api/me/devices/${other.id}`)).statusCode).toBe(204);
    expect((await phone.get('/api/me')).statusCode).toBe(401);
    const phoneLater = await browserWith(phone.jar.get('vt_remember')!);
    expect((await cookieLogin(phoneLater)).statusCode).toBe(401);
    expect((await browser.get('/api/me/devices')).json().items).toHaveLength(1);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
  });

  it("another customer's device is 404; anonymous is 401; the CSRF header is required", async () => {
    const { browser } = await rememberedCustomer();
    const mine = (await browser.get('/api/me/devices')).json().items[0].id as number;
    const { browser: intruder } = await rememberedCustomer();
    expect((await intruder.delete(`/api/me/devices/${mine}`)).statusCode).toBe(404);
    expect((await browser.get('/api/me/devices')).json().items).toHaveLength(1);
    const anonymous = new CookieBrowser(t.app);
    await anonymous.session();
    expect((await anonymous.get('/api/me/devices')).statusCode).toBe(401);
    expect((await anonymous.delete(`/api/me/devices/${mine}`)).statusCode).toBe(401);
    expect((await browser.request({ method: 'DELETE', url: `/api/me/devices/${mine}`, csrf: false })).statusCode).toBe(
      403,
    );
    expect((await intruder.delete('/api/me/devices/99999999999')).statusCode).toBe(400);
  });

  it('"sign out everywhere else" ends every other device and session; this browser stays signed in and remembered', async () => {
    const { browser, email } = await rememberedCustomer();
    const other = new CookieBrowser(t.app);
    await other.login(email, PASSWORD, true);
    const third = new CookieBrowser(t.app);
    await third.login(email, PASSWORD);
    expect((await browser.delete('/api/me/devices')).statusCode).toBe(204);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
    expect((await other.get('/api/me')).statusCode).toBe(401);
    expect((await third.get('/api/me')).statusCode).toBe(401);
    expect((await cookieLogin(await browserWith(other.jar.get('vt_remember')!))).statusCode).toBe(401);
    const left = (await browser.get('/api/me/devices')).json().items as Array<{ current: boolean }>;
    expect(left).toEqual([expect.objectContaining({ current: true })]);
    expect((await cookieLogin(await browserWith(browser.jar.get('vt_remember')!))).statusCode).toBe(200);
  });

  it('a password change forgets the other remembered devices and ends their sessions; this browser stays remembered', async () => {
    const { browser, email } = await rememberedCustomer();
    const other = new CookieBrowser(t.app);
    await other.login(email, PASSWORD, true);
    const otherCookie = other.jar.get('vt_remember')!;
    const changed = await browser.post('/api/me/password', {
      current_password: PASSWORD,
      password: 'brand-new-secret-77',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ other_sessions_ended: 1 });
    expect((await other.get('/api/me')).statusCode).toBe(401);
    expect((await cookieLogin(await browserWith(otherCookie))).statusCode).toBe(401);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
    expect((await cookieLogin(await browserWith(browser.jar.get('vt_remember')!))).statusCode).toBe(200);
  });

  it('signing out forgets this browser; the session row of a cookie login is tied to its device', async () => {
    const { browser } = await rememberedCustomer();
    const cookie = browser.jar.get('vt_remember')!;
    const rows = await t.app.ctx.db
      .select()
      .from(sessions)
      .where(
        eq(
          sessions.rememberId,
          (
            await t.app.ctx.db
              .select()
              .from(rememberTokens)
              .where(eq(rememberTokens.series, cookie.split('.')[0]!))
          )[0]!.id,
        ),
      );
    expect(rows).toHaveLength(1);
    expect((await browser.post('/api/auth/logout')).statusCode).toBe(204);
    expect(browser.jar.has('vt_remember')).toBe(false);
    expect((await cookieLogin(await browserWith(cookie))).statusCode).toBe(401);
  });
});
