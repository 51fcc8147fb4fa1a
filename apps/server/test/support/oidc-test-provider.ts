import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// oidc-provider ships no types; what this file uses of it is declared in oidc-provider.d.ts.
import Provider from 'oidc-provider';

/** One person at the test provider: their subject and the claims the provider releases. */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  groups?: string[];
}

export interface TestOidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

/**
 * A real OpenID provider (the `oidc-provider` package) on a random local port. Its login and consent screens are
 * replaced by `signInAs`: the next interaction signs in that account and grants what the client asked for, so a test
 * drives the whole authorization code flow over HTTP without a browser.
 */
export class TestOidcProvider {
  private server: Server | undefined;
  private provider: InstanceType<typeof Provider> | undefined;
  private readonly accounts = new Map<string, TestAccount>();
  private nextAccount: string | undefined;
  issuer = '';

  constructor(private readonly clients: TestOidcClient[]) {}

  async start(): Promise<this> {
    this.server = createServer();
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.issuer = `http://127.0.0.1:${port}`;
    const accounts = this.accounts;
    this.provider = new Provider(this.issuer, {
      clients: this.clients.map((c) => ({
        ...c,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      })),
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['given_name', 'family_name', 'name', 'groups'],
      },
      // Claims in the ID token too (like most directories' groups claim), not only from userinfo.
      conformIdTokenClaims: false,
      cookies: { keys: ['test-provider-cookie-key'] },
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => true },
      async findAccount(_ctx: unknown, id: string) {
        const account = accounts.get(id);
        if (!account) return undefined;
        return { accountId: id, claims: async () => ({ ...account }) };
      },
    });
    this.provider.on('server_error', () => {});
    const callback = this.provider.callback();
    this.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (req.url?.startsWith('/interaction/')) {
        this.interact(req, res).catch((err: unknown) => {
          res.statusCode = 500;
          res.end(String(err));
        });
      } else callback(req, res);
    });
    return this;
  }

  /** Adds (or replaces) an account at the provider. */
  account(account: TestAccount): void {
    this.accounts.set(account.sub, account);
  }

  /** The person who signs in at the next interaction. */
  signInAs(sub: string): void {
    this.nextAccount = sub;
  }

  /** Login and consent, answered at once for the chosen account. */
  private async interact(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const provider = this.provider!;
    try {
      const details = await provider.interactionDetails(req, res);
      const accountId = details.session?.accountId ?? this.nextAccount;
      if (!accountId) throw new Error('signInAs() was not called');
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
      const missing = details.prompt.details;
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    } catch (err) {
      res.statusCode = 500;
      res.end(String(err));
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * Follows the provider's redirects from an authorization URL (keeping its cookies) until it sends the browser back to
 * `redirectPrefix`; returns that URL (with code and state).
 */
export async function followToCallback(authorizationUrl: string, redirectPrefix: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 15; hop++) {
    if (url.startsWith(redirectPrefix)) return new URL(url);
    const res = await fetch(url, {
      redirect: 'manual',
      headers: jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {},
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects at the provider');
}
