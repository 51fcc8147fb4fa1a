import type { FastifyInstance } from 'fastify';

/** Plays the customer's browser on the sandbox provider's hosted pages (no cookies there: a form token). */
export async function payOnSandbox(
  app: FastifyInstance,
  redirectUrl: string,
  card: { number: string; expiry?: string; cvc?: string; name?: string },
  challengeCode?: string,
): Promise<{ status: number; location: string | undefined; html: string }> {
  const page = await app.inject(redirectUrl);
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1];
  if (!token) throw new Error(`no form token on ${redirectUrl}: ${page.statusCode}`);
  const path = new URL(redirectUrl, 'http://x').pathname;
  const res = await app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      token,
      number: card.number,
      expiry: card.expiry ?? '12/34',
      cvc: card.cvc ?? '123',
      name: card.name ?? 'Lucía Pérez',
    }).toString(),
  });
  const location = res.headers.location as string | undefined;
  if (challengeCode === undefined || !location?.startsWith('/sandbox-pay/3ds/'))
    return { status: res.statusCode, location, html: res.body };
  const challenge = await app.inject(location);
  const res3ds = await app.inject({
    method: 'POST',
    url: new URL(location, 'http://x').pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, code: challengeCode }).toString(),
  });
  return { status: res3ds.statusCode, location: res3ds.headers.location as string | undefined, html: challenge.body };
}

/** Waits until the sandbox's asynchronous webhook deliveries reach a count. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
