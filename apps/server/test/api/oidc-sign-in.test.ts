// OpenID Connect sign-in for customers and staff (docs/integrations.md, "Sign-in"), against a REAL OpenID provider
// (oidc-provider) on a random local port: authorization code + PKCE + state + nonce, accounts by verified e-mail,
// staff roles from the provider's groups.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcLogins, userIdentities, users } from '../../src/db/schema.js';
import { CookieBrowser } from '../support/cookie-browser.js';
import { followToCallback, TestOidcProvider } from '../support/oidc-test-provider.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const SHOP = 'http://shop.test';
const CALLBACK = (audience: string) => `${SHOP}/api/auth/oidc/${audience}/callback`;

let t: TestApp;
let provider: TestOidcProvider;

beforeAll(async () => {
  provider = await new TestOidcProvider([
    { client_id: 'shop-customers', client_secret: 'customers-secret', redirect_uris: [CALLBACK('customer')] },
    { client_id: 'shop-staff', client_secret: 'staff-secret', redirect_uris: [CALLBACK('staff')] },
  ]).start();
  t = await createTestApp({
    env: {
      OIDC_CUSTOMER_ISSUER: provider.issuer,
      OIDC_CUSTOMER_CLIENT_ID: 'shop-customers',
      OIDC_CUSTOMER_CLIENT_SECRET: 'customers-secret',
      OIDC_CUSTOMER_NAME: 'Test ID',
      OIDC_STAFF_ISSUER: provider.issuer,
      OIDC_STAFF_CLIENT_ID: 'shop-staff',
      OIDC_STAFF_CLIENT_SECRET: 'staff-secret',
      OIDC_STAFF_NAME: 'Directorio',
      OIDC_STAFF_ROLE_MAP: 'vt-admins=admin,vt-agents=agent,notarios=notary',
    },
  });
  provider.account({
    sub: 'ana',
    email: 'ana.oidc@example.com',
    email_verified: true,
    given_name: 'Ana',
    family_name: 'Soto',
  });
  provider.account({
    sub: 'agent-1',
    email: 'agent.oidc@ventanilla.test',
    email_verified: true,
    given_name: 'Pau',
    groups: ['staff', 'vt-agents'],
  });
  provider.account({ sub: 'nobody', email: 'nogroup@ventanilla.test', email_verified: true, groups: ['staff'] });
  provider.account({ sub: 'liar', email: 'victim@example.com', email_verified: false });
  provider.account({ sub: 'nonce', email: 'nonce@example.com', email_verified: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

/** Starts the flow in this browser, lets the provider sign `sub` in, and returns the provider's redirect back. */
async function roundTrip(
  browser: CookieBrowser,
  audience: 'customer' | 'staff',
  sub: string,
  query = '',
): Promise<URL> {
  provider.signInAs(sub);
  if (!browser.csrf) await browser.session();
  const start = await browser.get(`/api/auth/oidc/${audience}/start${query}`);
  expect(start.statusCode).toBe(302);
  return followToCallback(start.headers.location as string, CALLBACK(audience));
}

const callback = (browser: CookieBrowser, back: URL) => browser.get(back.pathname + back.search);

describe('OpenID Connect sign-in', () => {
  it('the sign-in options name the configured providers', async () => {
    const res = await new CookieBrowser(t.app).get('/api/auth/options');
    expect(res.json()).toEqual({
      remember_me: true,
      customer_provider: { name: 'Test ID', start_url: '/api/auth/oidc/customer/start' },
      staff_provider: { name: 'Directorio', start_url: '/api/auth/oidc/staff/start' },
    });
  });

  it('the authorization request carries PKCE (S256), state and nonce', async () => {
    const browser = new CookieBrowser(t.app);
    await browser.session();
    const start = await browser.get('/api/auth/oidc/customer/start');
    const url = new URL(start.headers.location as string);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK('customer'));
  });

  it('happy path: a new customer with a verified e-mail gets an account and is signed in', async () => {
    const browser = new CookieBrowser(t.app);
    const back = await roundTrip(browser, 'customer', 'ana', '?return_to=/cuenta');
    const res = await callback(browser, back);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/cuenta');
    const me = (await browser.get('/api/me')).json().user;
    expect(me).toMatchObject({ email: 'ana.oidc@example.com', firstname: 'Ana', lastname: 'Soto', role: 'customer' });
    // The next sign-in finds the same account by the provider's identity.
    const again = new CookieBrowser(t.app);
    expect((await callback(again, await roundTrip(again, 'customer', 'ana'))).headers.location).toBe('/orders');
    expect((await again.get('/api/me')).json().user.id).toBe(me.id);
    const links = await t.app.ctx.db.select().from(userIdentities).where(eq(userIdentities.userId, me.id));
    expect(links).toEqual([expect.objectContaining({ issuer: provider.issuer, subject: 'ana' })]);
  });

  it('an existing customer with that verified e-mail is linked, not duplicated; remember me works', async () => {
    const owner = new CookieBrowser(t.app);
    await owner.session();
    await owner.post('/api/auth/register', {
      email: 'linked@example.com',
      password: 'correct-horse-battery',
      firstname: 'Eva',
      lastname: 'Gil',
    });
    provider.account({ sub: 'eva', email: 'Linked@Example.com', email_verified: true });
    const browser = new CookieBrowser(t.app);
    const res = await callback(browser, await roundTrip(browser, 'customer', 'eva', '?remember=1'));
    expect(res.headers.location).toBe('/orders');
    expect((await browser.get('/api/me')).json().user.email).toBe('linked@example.com');
    expect(browser.jar.has('vt_remember')).toBe(true);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, 'linked@example.com'))).toHaveLength(1);
  });

  it('an unverified e-mail never signs into the account that owns it, nor creates one', async () => {
    const owner = new CookieBrowser(t.app);
    await owner.session();
    await owner.post('/api/auth/register', {
      email: 'victim@example.com',
      password: 'correct-horse-battery',
      firstname: 'Vic',
      lastname: 'Tim',
    });
    const attacker = new CookieBrowser(t.app);
    const res = await callback(attacker, await roundTrip(attacker, 'customer', 'liar'));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/customer/authenticate?sign_in_error=OIDC_EMAIL_NOT_VERIFIED');
    expect((await attacker.session()).user).toBeNull();
    expect(await t.app.ctx.db.select().from(userIdentities).where(eq(userIdentities.subject, 'liar'))).toHaveLength(0);
  });

  it('staff: the groups claim maps to a role; the account is made with it', async () => {
    const browser = new CookieBrowser(t.app);
    const res = await callback(browser, await roundTrip(browser, 'staff', 'agent-1'));
    expect(res.headers.location).toBe('/agentes');
    expect((await browser.get('/api/me')).json().user).toMatchObject({
      email: 'agent.oidc@ventanilla.test',
      role: 'agent',
    });
    expect((await browser.get('/api/backoffice/customers')).statusCode).toBe(200);
    // The directory moves them to the admins: the next sign-in has the new role.
    provider.account({
      sub: 'agent-1',
      email: 'agent.oidc@ventanilla.test',
      email_verified: true,
      groups: ['vt-admins'],
    });
    const later = new CookieBrowser(t.app);
    await callback(later, await roundTrip(later, 'staff', 'agent-1'));
    expect((await later.get('/api/me')).json().user.role).toBe('admin');
  });

  it('staff without a mapped group are refused and no account is made', async () => {
    const browser = new CookieBrowser(t.app);
    const res = await callback(browser, await roundTrip(browser, 'staff', 'nobody'));
    expect(res.headers.location).toBe('/agentes?sign_in_error=OIDC_NO_ROLE');
    expect((await browser.session()).user).toBeNull();
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, 'nogroup@ventanilla.test'))).toHaveLength(0);
  });

  it('staff: an unverified e-mail never signs into the staff account that owns it, whatever its groups', async () => {
    provider.account({
      sub: 'staff-liar',
      email: 'agente@ventanilla.test',
      email_verified: false,
      groups: ['vt-admins'],
    });
    const browser = new CookieBrowser(t.app);
    const res = await callback(browser, await roundTrip(browser, 'staff', 'staff-liar'));
    expect(res.headers.location).toBe('/agentes?sign_in_error=OIDC_EMAIL_NOT_VERIFIED');
    expect((await browser.session()).user).toBeNull();
    expect(
      await t.app.ctx.db.select().from(userIdentities).where(eq(userIdentities.subject, 'staff-liar')),
    ).toHaveLength(0);
    const [agent] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'agente@ventanilla.test'));
    expect(agent!.role).toBe('agent');
  });

  it('the staff provider does not turn a customer account into staff', async () => {
    provider.account({ sub: 'cust-staff', email: 'ana.oidc@example.com', email_verified: true, groups: ['vt-admins'] });
    const browser = new CookieBrowser(t.app);
    const res = await callback(browser, await roundTrip(browser, 'staff', 'cust-staff'));
    expect(res.headers.location).toBe('/agentes?sign_in_error=OIDC_NO_ROLE');
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'ana.oidc@example.com'));
    expect(row!.role).toBe('customer');
  });

  it('a bad state is refused (and the code is not exchanged)', async () => {
    const browser = new CookieBrowser(t.app);
    const back = await roundTrip(browser, 'customer', 'ana');
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state');
    expect((await callback(browser, forged)).headers.location).toBe('/customer/authenticate?sign_in_error=OIDC_FAILED');
    const noState = new URL(back);
    noState.searchParams.delete('state');
    expect((await callback(browser, noState)).headers.location).toBe(
      '/customer/authenticate?sign_in_error=OIDC_FAILED',
    );
    expect((await browser.session()).user).toBeNull();
    // The genuine redirect still works: the forged ones consumed nothing.
    expect((await callback(browser, back)).headers.location).toBe('/orders');
  });

  it('the callback in another browser than the one that started is refused (login CSRF)', async () => {
    const victim = new CookieBrowser(t.app);
    await victim.session();
    const attacker = new CookieBrowser(t.app);
    const back = await roundTrip(attacker, 'customer', 'ana');
    expect((await callback(victim, back)).headers.location).toBe('/customer/authenticate?sign_in_error=OIDC_FAILED');
    expect((await victim.session()).user).toBeNull();
  });

  it('a replayed callback (same code and state) is refused; so is an old code with a fresh state', async () => {
    const browser = new CookieBrowser(t.app);
    const back = await roundTrip(browser, 'customer', 'ana');
    expect((await callback(browser, back)).headers.location).toBe('/orders');
    // Again in the same browser (its session started it), then in another one: the state was used.
    expect((await callback(browser, back)).headers.location).toBe('/customer/authenticate?sign_in_error=OIDC_FAILED');
    const again = new CookieBrowser(t.app);
    await again.session();
    expect((await callback(again, back)).headers.location).toBe('/customer/authenticate?sign_in_error=OIDC_FAILED');
    // Start a genuine new login, but bring the old (spent) code with its new state: the provider refuses it.
    const fresh = await roundTrip(again, 'customer', 'ana');
    const mixed = new URL(fresh);
    mixed.searchParams.set('code', back.searchParams.get('code')!);
    expect((await callback(again, mixed)).headers.location).toBe('/customer/authenticate?sign_in_error=OIDC_FAILED');
    expect((await again.session()).user).toBeNull();
  });

  it('an ID token whose nonce is not the one sent is refused', async () => {
    const browser = new CookieBrowser(t.app);
    const back = await roundTrip(browser, 'customer', 'nonce');
    // What the provider signed carries the nonce it was sent; the shop now expects another one.
    await t.app.ctx.db.update(oidcLogins).set({ nonce: 'not-the-nonce-that-was-sent' });
    expect((await callback(browser, back)).headers.location).toBe('/customer/authenticate?sign_in_error=OIDC_FAILED');
    expect((await browser.session()).user).toBeNull();
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, 'nonce@example.com'))).toHaveLength(0);
  });

  it('return_to never leaves the site', async () => {
    for (const target of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const browser = new CookieBrowser(t.app);
      const back = await roundTrip(browser, 'customer', 'ana', `?return_to=${encodeURIComponent(target)}`);
      expect((await callback(browser, back)).headers.location).toBe('/orders');
    }
  });
});

describe('without a configured provider', () => {
  it('offers no provider button and the routes are 404', async () => {
    const bare = await createTestApp();
    try {
      const b = new CookieBrowser(bare.app);
      expect((await b.get('/api/auth/options')).json()).toMatchObject({
        customer_provider: null,
        staff_provider: null,
      });
      expect((await b.get('/api/auth/oidc/customer/start')).statusCode).toBe(404);
      expect((await b.get('/api/auth/oidc/staff/callback?state=x&code=y')).statusCode).toBe(404);
      expect((await b.get('/api/auth/oidc/other/start')).statusCode).toBe(400);
    } finally {
      await bare.close();
    }
  });
});
