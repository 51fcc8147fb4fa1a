// The spec's password flow: checkEmail, rememberPassword (the reset email, read back from a real SMTP server), the
// reset token checked by the server (expiry, single use, wrong token), and every session ending on the change.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESET_MAX_PER_ACCOUNT } from '../../src/modules/customers/password-reset.service.js';
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

/** A browser from its own address (the per-IP limits of one test do not spill into the next). */
function visitor(): { c: TestClient; ip: string } {
  const ip = `10.0.0.${ipCounter++}`;
  const c = new TestClient(t.app);
  const request = c.request.bind(c);
  c.request = (options) => request({ ...options, remoteAddress: ip });
  return { c, ip };
}

async function remember(c: TestClient, email: string) {
  if (!c.csrf) await c.start();
  return c.post('/api/auth/password/remember', { email });
}

/** Requests a reset email and returns the token from the link that arrived. */
async function tokenFromEmail(
  c: TestClient,
  email: string,
): Promise<{ token: string; link: string; subject: string; text: string }> {
  expect((await remember(c, email)).statusCode).toBe(202);
  await t.app.ctx.emailDispatcher.dispatchOnce();
  const mail = smtp.to(email).at(-1);
  const link = /https?:\/\/\S+#token=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  if (!mail || !link) throw new Error(`no reset email for ${email}`);
  return {
    token: new URL(link).hash.slice('#token='.length),
    link,
    subject: mail.subject ?? '',
    text: mail.text ?? '',
  };
}

async function newCustomer(email: string, password = 'first-password-2026') {
  const { c } = visitor();
  expect((await c.register(email, password)).statusCode).toBe(201);
  return c;
}

describe('checkEmail', () => {
  it('says whether an account exists; bad input is a 400 with the field', async () => {
    const { c } = visitor();
    await c.start();
    expect((await c.post('/api/auth/check-email', { email: 'cliente@ventanilla.test' })).json()).toEqual({
      exists: true,
    });
    expect((await c.post('/api/auth/check-email', { email: 'CLIENTE@ventanilla.test ' })).json()).toEqual({
      exists: true,
    });
    expect((await c.post('/api/auth/check-email', { email: 'nobody@example.com' })).json()).toEqual({ exists: false });
    const bad = await c.post('/api/auth/check-email', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([
      { field: 'email', message: 'Escribe un email válido, como nombre@ejemplo.com' },
    ]);
  });

  it('is rate-limited per address (account enumeration)', async () => {
    const { c } = visitor();
    await c.start();
    const codes: number[] = [];
    for (let i = 0; i < 22; i++)
      codes.push((await c.post('/api/auth/check-email', { email: `probe${i}@example.com` })).statusCode);
    expect(codes.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429]);
  });

  it('needs the CSRF token', async () => {
    const c = new TestClient(t.app);
    await c.start();
    expect(
      (await c.post('/api/auth/check-email', { email: 'a@example.com' }, { 'x-csrf-token': 'forged' })).statusCode,
    ).toBe(403);
  });
});

describe('rememberPassword', () => {
  it('an unknown email gets the same answer as a known one, and no email', async () => {
    await newCustomer('known@example.com');
    const { c } = visitor();
    const known = await remember(c, 'known@example.com');
    const unknown = await remember(c, 'unknown@example.com');
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(unknown.body).toBe(known.body);
    await t.app.ctx.emailDispatcher.dispatchOnce();
    expect(smtp.to('known@example.com')).toHaveLength(1);
    expect(smtp.to('unknown@example.com')).toHaveLength(0);
  });

  it('sends the reset email in the store language with a link to the reset page; only the token hash is stored', async () => {
    await newCustomer('lang@example.com');
    const { c } = visitor();
    await c.start(16);
    const pt = await tokenFromEmail(c, 'lang@example.com');
    expect(pt.subject).toBe('Redefina a sua palavra-passe de Balcão Ventanilla');
    expect(pt.link).toMatch(/^http:\/\/shop\.test\/customer\/password\/reset\?store=16#token=[A-Za-z0-9_-]{43}$/);
    expect(pt.text).toContain('60 minutos');
    await c.start(17);
    expect((await tokenFromEmail(c, 'lang@example.com')).subject).toBe('Reset your Ventanilla Ireland password');
    await c.start(1);
    expect((await tokenFromEmail(c, 'lang@example.com')).subject).toBe('Restablece tu contraseña de Ventanilla');

    const rows = await sql<{ token_hash: string }>(
      'select token_hash from password_reset_tokens t join users u on u.id = t.user_id where u.email = $1',
      ['lang@example.com'],
    );
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    expect(rows.map((r) => r.token_hash)).not.toContain(pt.token);
    // Delivered over SMTP: the stored copy no longer carries a usable link.
    const [stored] = await sql<{ text_body: string }>(
      "select text_body from email_outbox where kind = 'password_reset' and to_address = 'lang@example.com' order by id limit 1",
    );
    expect(stored?.text_body).not.toContain(pt.token);
    expect(stored?.text_body).toContain('#token=REDACTED');
  });

  it(`sends at most ${RESET_MAX_PER_ACCOUNT} emails per account per hour, answering the same`, async () => {
    await newCustomer('flood@example.com');
    const answers: number[] = [];
    for (let i = 0; i < RESET_MAX_PER_ACCOUNT + 2; i++) {
      const { c } = visitor();
      answers.push((await remember(c, 'flood@example.com')).statusCode);
    }
    expect(answers.every((s) => s === 202)).toBe(true);
    await t.app.ctx.emailDispatcher.dispatchOnce();
    expect(smtp.to('flood@example.com')).toHaveLength(RESET_MAX_PER_ACCOUNT);
  });

  it('is rate-limited per address', async () => {
    const { c } = visitor();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await remember(c, `someone${i}@example.com`)).statusCode);
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
    const res = await remember(c, 'someone@example.com');
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
  });
});

describe('reset token and new password', () => {
  it('a good token: the new password works, the old does not, and every session of the user ends', async () => {
    const phone = await newCustomer('sessions@example.com', 'old-password-2026');
    const { c: laptop } = visitor();
    expect((await laptop.login('sessions@example.com', 'old-password-2026')).statusCode).toBe(200);
    expect((await phone.get('/api/me')).statusCode).toBe(200);

    const { c } = visitor();
    const { token } = await tokenFromEmail(c, 'sessions@example.com');
    expect((await c.post('/api/auth/password/reset-token', { token })).json()).toEqual({ valid: true });
    const reset = await c.post('/api/auth/password/reset', { token, password: 'new-password-2026' });
    expect(reset.statusCode).toBe(200);

    // Old cookies are dead.
    expect((await phone.get('/api/me')).statusCode).toBe(401);
    expect((await laptop.get('/api/me')).statusCode).toBe(401);
    expect(
      await sql('select 1 from sessions s join users u on u.id = s.user_id where u.email = $1', [
        'sessions@example.com',
      ]),
    ).toEqual([]);

    const { c: again } = visitor();
    expect((await again.login('sessions@example.com', 'old-password-2026')).statusCode).toBe(401);
    expect((await again.login('sessions@example.com', 'new-password-2026')).statusCode).toBe(200);
  });

  it('single use: the same token a second time is refused', async () => {
    await newCustomer('once@example.com');
    const { c } = visitor();
    const { token } = await tokenFromEmail(c, 'once@example.com');
    expect((await c.post('/api/auth/password/reset', { token, password: 'second-password-1' })).statusCode).toBe(200);
    const again = await c.post('/api/auth/password/reset', { token, password: 'third-password-12' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'RESET_TOKEN_INVALID',
      message:
        'El enlace para restablecer la contraseña no es válido, ya se ha usado o ha caducado. Solicita uno nuevo.',
    });
    expect((await c.post('/api/auth/password/reset-token', { token })).statusCode).toBe(400);
  });

  it('the other outstanding tokens of the user stop working once one is used', async () => {
    await newCustomer('two-links@example.com');
    const { c } = visitor();
    const first = await tokenFromEmail(c, 'two-links@example.com');
    const second = await tokenFromEmail(c, 'two-links@example.com');
    expect(
      (await c.post('/api/auth/password/reset', { token: second.token, password: 'via-second-link' })).statusCode,
    ).toBe(200);
    expect(
      (await c.post('/api/auth/password/reset', { token: first.token, password: 'via-first-link!' })).json().code,
    ).toBe('RESET_TOKEN_INVALID');
  });

  it('an expired token is refused (one hour)', async () => {
    await newCustomer('expired@example.com');
    const { c } = visitor();
    const { token } = await tokenFromEmail(c, 'expired@example.com');
    const [row] = await sql<{ minutes: number }>(
      "select round(extract(epoch from t.expires_at - t.created_at) / 60)::int as minutes from password_reset_tokens t join users u on u.id = t.user_id where u.email = 'expired@example.com'",
    );
    expect(row?.minutes).toBe(60);
    await sql(
      "update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = (select id from users where email = 'expired@example.com')",
    );
    expect((await c.post('/api/auth/password/reset-token', { token })).statusCode).toBe(400);
    expect((await c.post('/api/auth/password/reset', { token, password: 'too-late-password' })).json().code).toBe(
      'RESET_TOKEN_INVALID',
    );
    const { c: login } = visitor();
    expect((await login.login('expired@example.com', 'first-password-2026')).statusCode).toBe(200);
  });

  it('a wrong or malformed token is refused and changes nothing', async () => {
    await newCustomer('wrong@example.com');
    const { c } = visitor();
    await c.start();
    for (const token of ['A'.repeat(43), 'short', '', `${'b'.repeat(42)}!`]) {
      const res = await c.post('/api/auth/password/reset', { token, password: 'hijacked-password' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('RESET_TOKEN_INVALID');
    }
    const { c: login } = visitor();
    expect((await login.login('wrong@example.com', 'first-password-2026')).statusCode).toBe(200);
  });

  it('the new password follows the registration policy and the token survives a refused password', async () => {
    await newCustomer('policy@example.com');
    const { c } = visitor();
    await c.start(17);
    const { token } = await tokenFromEmail(c, 'policy@example.com');
    const short = await c.post('/api/auth/password/reset', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: [{ field: 'password', message: 'The password must be between 10 and 128 characters' }],
    });
    const common = await c.post('/api/auth/password/reset', { token, password: 'Password2026' });
    expect(common.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: [{ field: 'password', message: 'This password is too common and easy to guess: choose another one' }],
    });
    expect((await c.post('/api/auth/password/reset', { token, password: 'long-enough-now' })).statusCode).toBe(200);
  });

  it('a reset ends a login throttle on the account', async () => {
    await newCustomer('throttled@example.com');
    const { c } = visitor();
    for (let i = 0; i < 5; i++) await c.login('throttled@example.com', 'wrong-password-x');
    expect((await c.login('throttled@example.com', 'first-password-2026')).statusCode).toBe(429);
    const { token } = await tokenFromEmail(c, 'throttled@example.com');
    expect((await c.post('/api/auth/password/reset', { token, password: 'fresh-password-1' })).statusCode).toBe(200);
    const { c: after } = visitor();
    expect((await after.login('throttled@example.com', 'fresh-password-1')).statusCode).toBe(200);
  });
});

describe('the password policy by strength, on every way a password is set', () => {
  /** The password field's message of a refused request. */
  const passwordMessage = (res: { statusCode: number; json(): { fields?: { field: string; message: string }[] } }) => {
    expect(res.statusCode).toBe(400);
    return res.json().fields?.find((f) => f.field === 'password')?.message;
  };

  it('registration refuses repeats, keyboard rows, invisible characters and the account’s own name or e-mail', async () => {
    const { c } = visitor();
    await c.start();
    const register = (email: string, password: string, names = { firstname: 'Lucía', lastname: 'Pérez' }) =>
      c.post('/api/auth/register', { email, password, ...names });
    for (const password of ['abababababab', '1212121212', 'asdfghjklñ']) {
      expect(passwordMessage(await register('strength@example.com', password)), password).toContain(
        'fácil de adivinar',
      );
    }
    expect(passwordMessage(await register('strength@example.com', 'LuciaPerez'))).toContain('fácil de adivinar');
    expect(passwordMessage(await register('strength@example.com', 'correct\u200Bhorse-battery'))).toContain(
      'invisibles',
    );
    // The same password is strong for someone else.
    const other = await register('otra.persona@example.com', 'LuciaPerez', { firstname: 'Ana', lastname: 'Gil' });
    expect(other.statusCode).toBe(201);
  });

  it('a password change refuses a weak new password, and one made of the account’s e-mail', async () => {
    const c = await newCustomer('marta.gil@example.com');
    const change = (password: string) =>
      c.post('/api/me/password', { current_password: 'first-password-2026', password });
    expect(passwordMessage(await change('1212121212'))).toContain('fácil de adivinar');
    expect(passwordMessage(await change('marta.gil.2026'))).toContain('fácil de adivinar');
    expect(passwordMessage(await change('clave\u2060segura-de-marta'))).toContain('invisibles');
    expect((await change('tres-tristes-tigres-2026')).statusCode).toBe(200);
  });

  it('a reset refuses a weak new password and one made of the account’s name, and keeps the token usable', async () => {
    const owner = await newCustomer('j.sanz@example.com');
    const renamed = await owner.request({
      method: 'PUT',
      url: '/api/me/account',
      payload: { firstname: 'Jorge', lastname: 'Sanz' },
    });
    expect(renamed.statusCode).toBe(200);
    const { c } = visitor();
    const { token } = await tokenFromEmail(c, 'j.sanz@example.com');
    const reset = (password: string) => c.post('/api/auth/password/reset', { token, password });
    expect(passwordMessage(await reset('abababababab'))).toContain('fácil de adivinar');
    expect(passwordMessage(await reset('JorgeSanz!'))).toContain('fácil de adivinar');
    expect(passwordMessage(await reset('\uFEFFotra-clave-larga-2026'))).toContain('invisibles');
    expect((await reset('otra-clave-larga-2026')).statusCode).toBe(200);
  });
});
