// A real OpenID provider (the `oidc-provider` package, a devDependency of apps/server) for browser journeys, run in
// the test process on a free port of 127.0.0.1. Its sign-in screen is a small accessible form of ours (oidc-provider's
// own development screens load web fonts from the Internet): the person types an e-mail, which is the account.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// oidc-provider ships no types; what the tests use of it is declared once, in apps/server/test/support/oidc-provider.d.ts
// (e2e/tsconfig.json includes it).
import Provider from 'oidc-provider';

export interface ProviderAccount {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  groups?: string[];
}

export interface E2eOidcProvider {
  issuer: string;
  /** Registers the shop as a client (its redirect URI is known once the shop runs). */
  configure(client: { client_id: string; client_secret: string; redirect_uris: string[] }): void;
  account(account: ProviderAccount): void;
  stop(): Promise<void>;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

export async function startOidcProvider(name = 'Identidad Demo'): Promise<E2eOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, ProviderAccount>();
  let provider: InstanceType<typeof Provider> | undefined;
  let callback: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;

  async function interact(req: IncomingMessage, res: ServerResponse, p: InstanceType<typeof Provider>) {
    const details = await p.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escape(name)}</title></head>
<body><main><h1>${escape(name)}</h1><form method="post">
<label for="email">Correo electrónico</label> <input id="email" name="email" type="email" required>
<button type="submit">Continuar</button></form></main></body></html>`);
      return;
    }
    const email = (await readBody(req)).get('email') ?? '';
    if (!accounts.has(email)) {
      res.statusCode = 400;
      res.end('unknown account');
      return;
    }
    const grant = new p.Grant({ accountId: email, clientId: details.params.client_id });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await p.interactionFinished(
      req,
      res,
      { login: { accountId: email }, consent: { grantId } },
      {
        mergeWithLastSubmission: false,
      },
    );
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!provider || !callback) {
      res.statusCode = 503;
      res.end('not configured');
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      interact(req, res, provider).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
    } else callback(req, res);
  });

  return {
    issuer,
    configure(client) {
      provider = new Provider(issuer, {
        clients: [
          {
            ...client,
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['given_name', 'family_name', 'groups'],
        },
        conformIdTokenClaims: false,
        cookies: { keys: ['e2e-provider-cookie-key'] },
        features: { devInteractions: { enabled: false } },
        async findAccount(_ctx: unknown, id: string) {
          const account = accounts.get(id);
          return account ? { accountId: id, claims: async () => ({ sub: id, ...account }) } : undefined;
        },
      });
      provider.on('server_error', () => {});
      callback = provider.callback();
    },
    account(account) {
      accounts.set(account.email, account);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
