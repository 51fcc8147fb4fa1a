// The spec's one-time OAuth 1.0a token exchange (/oauth/initiate, authorization, /oauth/token), signed with
// HMAC-SHA1 as RFC 5849 says; "Error de ingreso" when the request-token step fails, "Error de acceso" when the
// authorization does.
import { createHmac, randomBytes } from 'node:crypto';
import { oauthPercentEncode, oauthSignature, type OAuthParam } from '@ventanilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieBrowser } from '../support/cookie-browser.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const CONSUMER = { key: 'partner-app', secret: 'partner-secret-0123456789' };
let t: TestApp;
let clock = new Date();

beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    env: { OAUTH1_CONSUMERS: `${CONSUMER.key}:${CONSUMER.secret},other:x` },
  });
});
afterAll(async () => t?.close());

const hmac = (key: string, text: string) => createHmac('sha1', key).update(text).digest('base64');

interface Signing {
  path: string;
  extra?: Record<string, string>;
  token?: { token: string; secret: string };
  consumer?: { key: string; secret: string };
  timestamp?: number;
  nonce?: string;
  /** Put the oauth_* parameters in the form body instead of the Authorization header. */
  inBody?: boolean;
  tamper?: (header: string) => string;
}

/** A consumer's signed POST, as a real OAuth 1.0a client would build it. */
function signedPost(s: Signing) {
  const consumer = s.consumer ?? CONSUMER;
  const oauth: Record<string, string> = {
    oauth_consumer_key: consumer.key,
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(s.timestamp ?? Math.floor(clock.getTime() / 1000)),
    oauth_nonce: s.nonce ?? randomBytes(12).toString('hex'),
    oauth_version: '1.0',
    ...(s.token ? { oauth_token: s.token.token } : {}),
    ...s.extra,
  };
  const params: OAuthParam[] = Object.entries(oauth);
  const signature = oauthSignature(
    hmac,
    { method: 'POST', url: `http://shop.test${s.path}`, params },
    { consumerSecret: consumer.secret, tokenSecret: s.token?.secret },
  );
  const all = { ...oauth, oauth_signature: signature };
  if (s.inBody) {
    return t.app.inject({
      method: 'POST',
      url: s.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(all).toString(),
    });
  }
  let header = `OAuth realm="ventanilla", ${Object.entries(all)
    .map(([k, v]) => `${oauthPercentEncode(k)}="${oauthPercentEncode(v)}"`)
    .join(', ')}`;
  if (s.tamper) header = s.tamper(header);
  return t.app.inject({ method: 'POST', url: s.path, headers: { authorization: header } });
}

async function requestToken(callback = 'https://partner.example/done?x=1') {
  const res = await signedPost({ path: '/oauth/initiate', extra: { oauth_callback: callback } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/x-www-form-urlencoded');
  const form = new URLSearchParams(res.body);
  expect(form.get('oauth_callback_confirmed')).toBe('true');
  return { token: form.get('oauth_token')!, secret: form.get('oauth_token_secret')! };
}

let n = 0;
async function customer(): Promise<{ browser: CookieBrowser; email: string }> {
  const email = `oauth-${++n}@example.com`;
  const browser = new CookieBrowser(t.app, `10.7.0.${n}`);
  await browser.session();
  await browser.post('/api/auth/register', {
    email,
    password: 'correct-horse-battery',
    firstname: 'Rui',
    lastname: 'Lopes',
  });
  await browser.session();
  return { browser, email };
}

describe('OAuth 1.0a one-time exchange', () => {
  it('initiate -> authorize -> token gives the user once', async () => {
    const rt = await requestToken();
    const { browser, email } = await customer();
    const auth = await browser.post('/api/oauth/authorize', { oauth_token: rt.token });
    expect(auth.statusCode).toBe(200);
    const body = auth.json();
    expect(body).toMatchObject({ ok: true, user: { email } });
    const cb = new URL(body.callback_url);
    expect(cb.origin + cb.pathname).toBe('https://partner.example/done');
    expect(cb.searchParams.get('x')).toBe('1');
    expect(cb.searchParams.get('oauth_token')).toBe(rt.token);
    expect(cb.searchParams.get('oauth_verifier')).toBe(body.oauth_verifier);
    const exchange = () =>
      signedPost({ path: '/oauth/token', token: rt, extra: { oauth_verifier: body.oauth_verifier } });
    const res = await exchange();
    expect(res.statusCode).toBe(200);
    const form = new URLSearchParams(res.body);
    expect(form.get('email')).toBe(email);
    expect(form.get('user_id')).toMatch(/^\d+$/);
    expect(form.get('oauth_token')).toBeTruthy();
    // One time: the same request token and verifier never work again (fresh nonce, valid signature).
    const again = await exchange();
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ ok: false, code: 'OAUTH_ACCESS_DENIED', message: 'Error de acceso' });
  });

  it('parameters in the form body are signed and accepted too', async () => {
    const res = await signedPost({ path: '/oauth/initiate', extra: { oauth_callback: 'oob' }, inBody: true });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['a wrong consumer secret', { consumer: { key: CONSUMER.key, secret: 'wrong' } }],
    ['an unknown consumer', { consumer: { key: 'stranger', secret: 'x' } }],
    ['a timestamp 10 minutes old', { timestamp: Math.floor(Date.now() / 1000) - 600 }],
    ['no callback', { extra: {} }],
    ['a javascript: callback', { extra: { oauth_callback: 'javascript:alert(1)' } }],
    [
      'a tampered signed parameter',
      { tamper: (h: string) => h.replace(/oauth_callback="[^"]*"/, 'oauth_callback="oob2"') },
    ],
    ['a token on initiate', { token: { token: 'x', secret: 'y' } }],
  ])('initiate with %s: "Error de ingreso" (ok=false)', async (_name, variant) => {
    clock = new Date();
    const res = await signedPost({ path: '/oauth/initiate', extra: { oauth_callback: 'oob' }, ...variant } as Signing);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ok: false, code: 'OAUTH_REQUEST_TOKEN_FAILED', message: 'Error de ingreso' });
  });

  it('a replayed nonce is refused, even with a valid signature', async () => {
    const nonce = 'fixed-nonce-1';
    const timestamp = Math.floor(clock.getTime() / 1000);
    const first = await signedPost({ path: '/oauth/initiate', extra: { oauth_callback: 'oob' }, nonce, timestamp });
    expect(first.statusCode).toBe(200);
    const replay = await signedPost({ path: '/oauth/initiate', extra: { oauth_callback: 'oob' }, nonce, timestamp });
    expect(replay.json().message).toBe('Error de ingreso');
    // Another consumer may use the same nonce: nonces are per consumer.
    const other = await signedPost({
      path: '/oauth/initiate',
      extra: { oauth_callback: 'oob' },
      nonce,
      timestamp,
      consumer: { key: 'other', secret: 'x' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('an unsigned, garbled or NUL-laden request is "Error de ingreso", never a 500', async () => {
    for (const authorization of [
      '',
      'OAuth',
      'OAuth oauth_nonce=x',
      'OAuth oauth_consumer_key="%ZZ"',
      'Basic abc',
      'OAuth a="\u0000"',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/oauth/initiate',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().ok).toBe(false);
    }
  });

  it('authorization: nobody signed in, a wrong password, an unknown or spent token give "Error de acceso"', async () => {
    const rt = await requestToken();
    const anonymous = new CookieBrowser(t.app, '10.7.1.1');
    await anonymous.session();
    const denied = await anonymous.post('/api/oauth/authorize', { oauth_token: rt.token });
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toEqual({ ok: false, code: 'OAUTH_ACCESS_DENIED', message: 'Error de acceso' });
    const { email } = await customer();
    const wrong = await anonymous.post('/api/oauth/authorize', { oauth_token: rt.token, email, password: 'not-it' });
    expect(wrong.json().message).toBe('Error de acceso');
    const right = await anonymous.post('/api/oauth/authorize', {
      oauth_token: rt.token,
      email,
      password: 'correct-horse-battery',
    });
    expect(right.statusCode).toBe(200);
    // Authorized once: another user cannot take the same request token over.
    const { browser } = await customer();
    expect((await browser.post('/api/oauth/authorize', { oauth_token: rt.token })).json().message).toBe(
      'Error de acceso',
    );
    expect((await browser.post('/api/oauth/authorize', { oauth_token: 'no-such-token' })).json().message).toBe(
      'Error de acceso',
    );
    // The browser step needs the session's CSRF token.
    const forged = await browser.request({
      method: 'POST',
      url: '/api/oauth/authorize',
      payload: { oauth_token: rt.token },
      csrf: false,
    });
    expect(forged.statusCode).toBe(403);
  });

  it('token: a wrong verifier spends the request token; a token of another consumer or unsigned token secret fails', async () => {
    const rt = await requestToken();
    const { browser } = await customer();
    const { oauth_verifier } = (await browser.post('/api/oauth/authorize', { oauth_token: rt.token })).json();
    const bad = await signedPost({ path: '/oauth/token', token: rt, extra: { oauth_verifier: 'guess' } });
    expect(bad.json()).toEqual({ ok: false, code: 'OAUTH_ACCESS_DENIED', message: 'Error de acceso' });
    const late = await signedPost({ path: '/oauth/token', token: rt, extra: { oauth_verifier } });
    expect(late.statusCode).toBe(401);

    const rt2 = await requestToken();
    const v2 = (await browser.post('/api/oauth/authorize', { oauth_token: rt2.token })).json().oauth_verifier;
    // Signed without the token secret: refused, and the token stays usable.
    const noSecret = await signedPost({
      path: '/oauth/token',
      token: { token: rt2.token, secret: '' },
      extra: { oauth_verifier: v2 },
    });
    expect(noSecret.statusCode).toBe(401);
    const otherConsumer = await signedPost({
      path: '/oauth/token',
      token: rt2,
      consumer: { key: 'other', secret: 'x' },
      extra: { oauth_verifier: v2 },
    });
    expect(otherConsumer.statusCode).toBe(401);
    expect((await signedPost({ path: '/oauth/token', token: rt2, extra: { oauth_verifier: v2 } })).statusCode).toBe(
      200,
    );
  });

  it('an unauthorized or expired request token cannot be exchanged', async () => {
    const rt = await requestToken();
    expect((await signedPost({ path: '/oauth/token', token: rt, extra: { oauth_verifier: 'x' } })).statusCode).toBe(
      401,
    );
    const { browser } = await customer();
    clock = new Date(clock.getTime() + 11 * 60 * 1000);
    expect((await browser.post('/api/oauth/authorize', { oauth_token: rt.token })).json().message).toBe(
      'Error de acceso',
    );
    clock = new Date();
  });

  it('two exchanges at once: exactly one access token', async () => {
    const rt = await requestToken();
    const { browser } = await customer();
    const { oauth_verifier } = (await browser.post('/api/oauth/authorize', { oauth_token: rt.token })).json();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => signedPost({ path: '/oauth/token', token: rt, extra: { oauth_verifier } })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });
});
