// Account self-service (docs/customer-panel.md): one's own name, newsletter and password. The password change needs
// the current password, ends the other devices' sessions and keeps this one; nobody else's account is reachable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const put = (c: TestClient, url: string, payload: unknown) =>
  c.request({ method: 'PUT', url, payload: payload as object });

let n = 0;
async function customer(password = 'first-password-2026') {
  const email = `self${++n}@example.com`;
  const c = new TestClient(t.app);
  expect((await c.register(email, password)).statusCode).toBe(201);
  return { c, email, password };
}

describe('account self-service', () => {
  it('needs a signed-in user', async () => {
    const c = new TestClient(t.app);
    await c.start();
    expect((await c.get('/api/me/account')).statusCode).toBe(401);
    expect((await put(c, '/api/me/account', { firstname: 'A', lastname: 'B' })).statusCode).toBe(401);
    expect((await c.post('/api/me/password', { current_password: 'x', password: 'y' })).statusCode).toBe(401);
  });

  it('reads and changes the name (trimmed) and the newsletter switch; the session shows the new name', async () => {
    const { c, email } = await customer();
    expect((await c.get('/api/me/account')).json()).toEqual({
      email,
      firstname: 'Lucía',
      lastname: 'Pérez',
      newsletter: false,
    });
    const renamed = await put(c, '/api/me/account', { firstname: '  Ana ', lastname: 'García López' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ firstname: 'Ana', lastname: 'García López' });
    expect((await c.get('/api/me')).json().user).toMatchObject({ firstname: 'Ana', lastname: 'García López' });
    expect((await put(c, '/api/me/newsletter', { subscribed: true })).json().newsletter).toBe(true);
    expect((await c.get('/api/me/account')).json().newsletter).toBe(true);
    expect((await put(c, '/api/me/newsletter', { subscribed: false })).json().newsletter).toBe(false);
  });

  it('refuses an empty or over-long name, extra fields and a non-boolean switch', async () => {
    const { c } = await customer();
    const empty = await put(c, '/api/me/account', { firstname: ' ', lastname: 'X' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual([{ field: 'firstname', message: 'Por favor, escribe el dato' }]);
    expect((await put(c, '/api/me/account', { firstname: 'a'.repeat(101), lastname: 'X' })).statusCode).toBe(400);
    expect((await put(c, '/api/me/account', { firstname: 'A', lastname: 'B', email: 'x@y.z' })).statusCode).toBe(400);
    expect((await put(c, '/api/me/account', { firstname: 'A\u0000', lastname: 'B' })).statusCode).toBeLessThan(500);
    expect((await put(c, '/api/me/newsletter', { subscribed: 'yes' })).statusCode).toBe(400);
    expect((await c.get('/api/me/account')).json().firstname).toBe('Lucía');
  });

  it('changes the password only with the current one; other devices are signed out, this one stays', async () => {
    const { c, email, password } = await customer();
    const other = new TestClient(t.app);
    expect((await other.login(email, password)).statusCode).toBe(200);
    expect((await other.get('/api/me')).statusCode).toBe(200);

    const wrong = await c.post('/api/me/password', {
      current_password: 'not-my-password',
      password: 'brand-new-secret-77',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual([
      { field: 'current_password', message: 'La contraseña actual no es correcta' },
    ]);
    const same = await c.post('/api/me/password', { current_password: password, password });
    expect(same.statusCode).toBe(400);
    const weak = await c.post('/api/me/password', { current_password: password, password: 'short' });
    expect(weak.statusCode).toBe(400);
    // Nothing changed so far: the other device still works.
    expect((await other.get('/api/me')).statusCode).toBe(200);

    const ok = await c.post('/api/me/password', { current_password: password, password: 'brand-new-secret-77' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ other_sessions_ended: 1 });
    expect((await c.get('/api/me')).statusCode).toBe(200);
    expect((await other.get('/api/me')).statusCode).toBe(401);

    const oldLogin = new TestClient(t.app);
    expect((await oldLogin.login(email, password)).statusCode).toBe(401);
    const newLogin = new TestClient(t.app);
    expect((await newLogin.login(email, 'brand-new-secret-77')).statusCode).toBe(200);
    const [row] = (
      await t.app.ctx.database.pool.query<{ password_hash: string }>(
        'select password_hash from users where email = $1',
        [email],
      )
    ).rows;
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('two concurrent changes from the same old password: exactly one wins', async () => {
    const { c, email, password } = await customer();
    const [a, b] = await Promise.all([
      c.post('/api/me/password', { current_password: password, password: 'concurrent-secret-aa' }),
      c.post('/api/me/password', { current_password: password, password: 'concurrent-secret-bb' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const winner = a.statusCode === 200 ? 'concurrent-secret-aa' : 'concurrent-secret-bb';
    expect((await new TestClient(t.app).login(email, winner)).statusCode).toBe(200);
  });

  it('changes only the signed-in account', async () => {
    const first = await customer();
    const second = await customer();
    await put(first.c, '/api/me/account', { firstname: 'Changed', lastname: 'One' });
    expect((await second.c.get('/api/me/account')).json().firstname).toBe('Lucía');
  });
});
