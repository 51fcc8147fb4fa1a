// Login throttling (docs/decisions/0013-login-throttle-and-quotas.md): attempts are reserved atomically before the
// password is checked; per account and address it is tight, per account (every address) looser, and the owner
// always has a way in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ACCOUNT_AND_IP,
  MAX_FAILURES_PER_IP,
} from '../../src/modules/customers/auth.service.js';
import { eq } from 'drizzle-orm';
import { forgetStaleCounters, STALE_COUNTER_MS } from '../../src/db/rate-counters.js';
import { rateCounters } from '../../src/db/schema.js';
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

/** A browser from its own address, or from the one given. */
async function from(ip = `10.1.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`): Promise<TestClient> {
  const c = new TestClient(t.app);
  const request = c.request.bind(c);
  c.request = (options) => request({ ...options, remoteAddress: ip });
  await c.start();
  return c;
}

async function customer(email: string, password: string): Promise<void> {
  expect((await (await from()).register(email, password)).statusCode).toBe(201);
}

const login = (c: TestClient, email: string, password: string) => c.post('/api/auth/login', { email, password });

describe('login throttle', () => {
  // Regression: the failures were counted, then the password checked, so 60 parallel guesses were all checked.
  it('holds under concurrency: of 60 parallel wrong guesses on one account, at most the limit are checked', async () => {
    await customer('parallel@example.com', 'the-right-password-1');
    const attacker = await from();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(attacker, 'parallel@example.com', `wrong-guess-${i}`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(MAX_FAILURES_PER_ACCOUNT_AND_IP);
    expect(codes.filter((c) => c === 429)).toHaveLength(60 - MAX_FAILURES_PER_ACCOUNT_AND_IP);
    // The right password from the same address is refused too: it is not checked.
    expect((await login(attacker, 'parallel@example.com', 'the-right-password-1')).statusCode).toBe(429);
  });

  // Regression: five wrong passwords from anywhere blocked the account (the admin) for 15 minutes.
  it("one attacker's failures do not lock the owner out: another address signs in", async () => {
    await customer('owner@example.com', 'the-owners-password');
    const attacker = await from();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP + 3; i++)
      await login(attacker, 'owner@example.com', `x-${i}-guess`);
    expect((await login(attacker, 'owner@example.com', 'another-guess')).statusCode).toBe(429);
    const owner = await from();
    expect((await login(owner, 'owner@example.com', 'the-owners-password')).statusCode).toBe(200);
    // The demo admin, the account of the report: same.
    const attacker2 = await from();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP; i++)
      await login(attacker2, 'admin@ventanilla.test', `guess-${i}-x`);
    expect((await login(await from(), 'admin@ventanilla.test', 'admin-demo-2026')).statusCode).toBe(200);
  });

  it('an address over its own limit adds nothing to the account-wide count', async () => {
    await customer('patient@example.com', 'patient-password-1');
    const attacker = await from();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT + 10; i++) {
      const res = await login(attacker, 'patient@example.com', `g-${i}-guess`);
      expect(res.statusCode).toBe(i < MAX_FAILURES_PER_ACCOUNT_AND_IP ? 401 : 429);
    }
    expect((await login(await from(), 'patient@example.com', 'patient-password-1')).statusCode).toBe(200);
  });

  it('many addresses together hit the slower account-wide limit; a reset link still lets the owner in', async () => {
    await customer('target@example.com', 'target-password-1');
    const bots = MAX_FAILURES_PER_ACCOUNT / MAX_FAILURES_PER_ACCOUNT_AND_IP;
    for (let b = 0; b < bots; b++) {
      const bot = await from();
      const answers = await Promise.all(
        Array.from({ length: MAX_FAILURES_PER_ACCOUNT_AND_IP }, (_, i) =>
          login(bot, 'target@example.com', `b${b}-${i}`),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(MAX_FAILURES_PER_ACCOUNT_AND_IP).fill(401));
    }
    const owner = await from();
    const locked = await login(owner, 'target@example.com', 'target-password-1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_ATTEMPTS');

    expect((await owner.post('/api/auth/password/remember', { email: 'target@example.com' })).statusCode).toBe(202);
    await t.app.ctx.emailDispatcher.dispatchOnce();
    const text = smtp.received.findLast((m) => m.envelopeTo.includes('target@example.com'))?.parsed.text ?? '';
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(token).toBeDefined();
    expect((await owner.post('/api/auth/password/reset', { token, password: 'a-brand-new-password' })).statusCode).toBe(
      200,
    );
    expect((await login(await from(), 'target@example.com', 'a-brand-new-password')).statusCode).toBe(200);
  });

  it(`one address trying many accounts stops after ${MAX_FAILURES_PER_IP} attempts`, async () => {
    const sprayer = await from();
    const codes: number[] = [];
    for (let i = 0; i < MAX_FAILURES_PER_IP + 2; i++) {
      codes.push((await login(sprayer, `nobody${i}@example.com`, 'spray-password')).statusCode);
    }
    expect(codes.slice(0, MAX_FAILURES_PER_IP).every((c) => c === 401)).toBe(true);
    expect(codes.slice(MAX_FAILURES_PER_IP)).toEqual([429, 429]);
  });

  // The counters of ever-new addresses and e-mails must not pile up: the hourly sweep forgets stale windows.
  it('stale counters are forgotten by the sweep, current ones kept', async () => {
    const slow = await from('10.9.9.9');
    for (let i = 0; i < 3; i++) await login(slow, `stale${i}@example.com`, 'stale-password');
    const ipCounter = async () =>
      (await t.app.ctx.db.select().from(rateCounters).where(eq(rateCounters.key, '10.9.9.9'))).length;
    expect(await ipCounter()).toBeGreaterThan(0);

    // Nothing started before now is stale yet ...
    await forgetStaleCounters(t.app.ctx.db, new Date(Date.now() - STALE_COUNTER_MS));
    expect(await ipCounter()).toBeGreaterThan(0);
    // ... and a day on, every window has ended: the sweep deletes them all.
    expect(await forgetStaleCounters(t.app.ctx.db, new Date(Date.now() + STALE_COUNTER_MS))).toBeGreaterThan(0);
    expect(await ipCounter()).toBe(0);
    expect(await t.app.ctx.db.select().from(rateCounters)).toEqual([]);
  });
});
