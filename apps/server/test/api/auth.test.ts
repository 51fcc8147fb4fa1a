import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_ACCOUNT_AND_IP } from '../../src/modules/customers/auth.service.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('registration', () => {
  it('creates a customer and signs in', async () => {
    const c = new TestClient(t.app);
    const res = await c.register('Lucia@Example.com');
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email: 'lucia@example.com', firstname: 'Lucía', role: 'customer' });
    expect((await c.get('/api/me')).json().user.email).toBe('lucia@example.com');
  });

  it('refuses a taken email with 409', async () => {
    const c = new TestClient(t.app);
    await c.register('dup@example.com');
    const other = new TestClient(t.app);
    const res = await other.register('DUP@example.com');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_TAKEN');
  });

  it('lists every bad field at once, in Spanish', async () => {
    const c = new TestClient(t.app);
    await c.start();
    const res = await c.post('/api/auth/register', { email: 'nope', password: 'short', firstname: ' ', lastname: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { field: 'email', message: 'Escribe un email válido, como nombre@ejemplo.com' },
      { field: 'firstname', message: 'Por favor, escribe el dato' },
      { field: 'lastname', message: 'Por favor, escribe el dato' },
      { field: 'password', message: 'La contraseña debe tener entre 10 y 128 caracteres' },
    ]);
  });

  it('refuses common passwords (also with digits added) and passwords of only spaces, in the store language', async () => {
    const c = new TestClient(t.app);
    await c.start();
    const names = { firstname: 'Ana', lastname: 'Pérez' };
    for (const password of ['password123', 'Barcelona2026', 'QWERTYUIOP']) {
      const res = await c.post('/api/auth/register', { email: 'common@example.com', password, ...names });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([
        { field: 'password', message: 'Esta contraseña es demasiado común y fácil de adivinar: elige otra' },
      ]);
    }
    const blank = await c.post('/api/auth/register', {
      email: 'blank@example.com',
      password: ' '.repeat(12),
      ...names,
    });
    expect(blank.json().fields).toEqual([{ field: 'password', message: 'La contraseña no puede ser solo espacios' }]);
    const pt = new TestClient(t.app);
    await pt.start(16);
    const res = await pt.post('/api/auth/register', { email: 'pt@example.com', password: 'Password2024', ...names });
    expect(res.json().fields).toEqual([
      { field: 'password', message: 'Esta palavra-passe é demasiado comum e fácil de adivinhar: escolha outra' },
    ]);
  });

  it('stores an argon2id hash, never the password', async () => {
    const c = new TestClient(t.app);
    await c.register('hash@example.com', 'a-long-password-1');
    const { rows } = await t.app.ctx.database.pool.query<{ password_hash: string }>(
      "select password_hash from users where email = 'hash@example.com'",
    );
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('login and logout', () => {
  it('wrong credentials: 401 with the message', async () => {
    const c = new TestClient(t.app);
    const res = await c.login('cliente@ventanilla.test', 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Error de acceso' });
  });

  it('an unknown email looks the same as a wrong password', async () => {
    const c = new TestClient(t.app);
    const res = await c.login('nobody@example.com', 'whatever-password');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('a good login rotates the session cookie; logout ends it', async () => {
    const c = new TestClient(t.app);
    const anon = await c.start();
    const anonCookie = anon.cookies.find((k) => k.name === 'vt_sid')?.value;
    const res = await c.login('cliente@ventanilla.test', 'cliente-demo-2026');
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((k) => k.name === 'vt_sid')?.value).not.toBe(anonCookie);
    expect((await c.get('/api/me')).statusCode).toBe(200);
    expect((await c.post('/api/auth/logout')).statusCode).toBe(204);
    expect((await c.get('/api/me')).statusCode).toBe(401);
    expect((await c.get('/api/me')).json().message).toBe('No autorizado. Por favor, inicia sesión nuevamente.');
  });

  it(`throttles after ${MAX_FAILURES_PER_ACCOUNT_AND_IP} failures for one email from one address, even with the right password`, async () => {
    const c = new TestClient(t.app);
    await c.register('victim@example.com', 'the-right-password');
    const attacker = new TestClient(t.app);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP; i++) {
      expect((await attacker.login('victim@example.com', `guess-${i}-xxxx`)).statusCode).toBe(401);
    }
    const blocked = await attacker.login('victim@example.com', 'the-right-password');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_ATTEMPTS');
  });
});

describe('CSRF', () => {
  it('a state-changing request without the token is refused', async () => {
    const c = new TestClient(t.app);
    await c.start();
    const res = await c.post(
      '/api/auth/login',
      { email: 'cliente@ventanilla.test', password: 'cliente-demo-2026' },
      { 'x-csrf-token': 'forged' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_INVALID');
    const noSession = await t.app.inject({ method: 'POST', url: '/api/cart/items', payload: {} });
    expect(noSession.statusCode).toBe(403);
  });
});
