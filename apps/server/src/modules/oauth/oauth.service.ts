import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  isAcceptableOAuthCallback,
  OAUTH_TIMESTAMP_WINDOW_S,
  oauthSignature,
  parseFormPairs,
  parseOAuthHeader,
  readOAuthProtocolParams,
  type OAuthParam,
  type OAuthProtocolParams,
} from '@ventanilla/domain';
import { and, eq, gt, isNull, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { oauthNonces, oauthTokens, users } from '../../db/schema.js';
import { AppError, type ErrorCode } from '../../shared/app-error.js';
import { toSessionUser } from '../customers/index.js';
import type { SessionUser } from '../../shared/session-types.js';

// The spec's one-time OAuth 1.0a token exchange (docs/integrations.md, "Sign-in"): a configured consumer signs
// /oauth/initiate (HMAC-SHA1, RFC 5849) for a request token, the user authorizes it in the shop, and the consumer
// exchanges it once, with the verifier, for an access token and the user's identity. Every token and verifier is
// single use; every signed request's nonce is single use within the timestamp window.

const REQUEST_TOKEN_TTL_MS = 10 * 60 * 1000;
const ACCESS_TOKEN_TTL_MS = 5 * 60 * 1000;

const hmacSha1 = (key: string, text: string) => createHmac('sha1', key).update(text).digest('base64');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const random = (bytes: number) => randomBytes(bytes).toString('base64url');

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A signed request as it reached us: method, the URL the consumer signed, its header, query and form body. */
export interface SignedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  query: string;
  body: string;
}

export class OAuthRefused extends Error {
  constructor(
    readonly code: Extract<ErrorCode, 'OAUTH_REQUEST_TOKEN_FAILED' | 'OAUTH_ACCESS_DENIED'>,
    detail: string,
  ) {
    super(detail);
  }
}

export class OAuthExchange {
  constructor(
    private readonly db: Db,
    private readonly consumers: Record<string, string>,
    private readonly now: () => Date,
  ) {}

  /** All parameters of a request (RFC 5849 section 3.4.1.3.1: header, query, form body), or null if malformed. */
  private params(request: SignedRequest): OAuthParam[] | null {
    const header = request.authorization ? parseOAuthHeader(request.authorization) : [];
    const query = parseFormPairs(request.query);
    const body = parseFormPairs(request.body);
    if (!header || !query || !body) return null;
    return [...header, ...query, ...body];
  }

  /**
   * Checks a signed request: known consumer, sane protocol parameters, fresh timestamp, the signature (with the token
   * secret when a token is named), and finally the nonce, recorded so it cannot be used again.
   */
  private async verify(
    request: SignedRequest,
    tokenSecret: (p: OAuthProtocolParams) => Promise<string | null>,
    failure: OAuthRefused['code'],
  ): Promise<OAuthProtocolParams> {
    const params = this.params(request);
    if (!params) throw new OAuthRefused(failure, 'malformed parameters');
    const nowS = Math.floor(this.now().getTime() / 1000);
    const read = readOAuthProtocolParams(params, nowS);
    if (!read.ok) throw new OAuthRefused(failure, read.problem);
    const p = read.value;
    const consumerSecret = Object.hasOwn(this.consumers, p.consumerKey) ? this.consumers[p.consumerKey]! : null;
    if (consumerSecret === null) throw new OAuthRefused(failure, 'unknown consumer');
    const secret = await tokenSecret(p);
    if (secret === null) throw new OAuthRefused(failure, 'unknown token');
    const expected = oauthSignature(
      hmacSha1,
      { method: request.method, url: request.url, params },
      {
        consumerSecret,
        tokenSecret: secret,
      },
    );
    if (!sameText(expected, p.signature)) throw new OAuthRefused(failure, 'bad signature');
    // Only a correctly signed request spends a nonce (an outsider cannot burn a consumer's nonces).
    const stored = await this.db
      .insert(oauthNonces)
      .values({
        consumerKey: p.consumerKey,
        timestamp: p.timestamp,
        nonce: p.nonce,
        expiresAt: new Date((p.timestamp + OAUTH_TIMESTAMP_WINDOW_S + 60) * 1000),
      })
      .onConflictDoNothing()
      .returning({ nonce: oauthNonces.nonce });
    if (stored.length === 0) throw new OAuthRefused(failure, 'replayed nonce');
    return p;
  }

  /** /oauth/initiate: a signed request with a callback gives a request token. */
  async initiate(request: SignedRequest): Promise<{ token: string; secret: string }> {
    const p = await this.verify(request, async (p) => (p.token ? null : ''), 'OAUTH_REQUEST_TOKEN_FAILED');
    if (!p.callback || !isAcceptableOAuthCallback(p.callback))
      throw new OAuthRefused('OAUTH_REQUEST_TOKEN_FAILED', 'missing or unacceptable callback');
    const token = random(24);
    const secret = random(24);
    const now = this.now();
    await this.db.insert(oauthTokens).values({
      kind: 'request',
      token,
      secret,
      consumerKey: p.consumerKey,
      callback: p.callback,
      createdAt: now,
      expiresAt: new Date(now.getTime() + REQUEST_TOKEN_TTL_MS),
    });
    return { token, secret };
  }

  /** The user (signed in, or by credentials checked by the caller) authorizes a request token: a verifier for it. */
  async authorize(token: string, user: SessionUser): Promise<{ verifier: string; callbackUrl: string | null }> {
    const verifier = random(18);
    const now = this.now();
    const [row] = await this.db
      .update(oauthTokens)
      .set({ userId: user.id, verifierHash: sha256(verifier) })
      .where(
        and(
          eq(oauthTokens.token, token),
          eq(oauthTokens.kind, 'request'),
          isNull(oauthTokens.userId),
          isNull(oauthTokens.usedAt),
          gt(oauthTokens.expiresAt, now),
        ),
      )
      .returning({ callback: oauthTokens.callback });
    if (!row) throw new AppError('OAUTH_ACCESS_DENIED', 'unknown, expired or already authorized request token');
    if (!row.callback || row.callback === 'oob') return { verifier, callbackUrl: null };
    const url = `${row.callback}${row.callback.includes('?') ? '&' : '?'}oauth_token=${encodeURIComponent(token)}&oauth_verifier=${encodeURIComponent(verifier)}`;
    return { verifier, callbackUrl: url };
  }

  /** /oauth/token: the authorized request token and its verifier, signed, give (once) an access token and the user. */
  async exchange(request: SignedRequest): Promise<{ token: string; secret: string; user: SessionUser }> {
    const now = this.now();
    const p = await this.verify(
      request,
      async (p) => {
        if (!p.token) return null;
        const [row] = await this.db
          .select({ secret: oauthTokens.secret, consumerKey: oauthTokens.consumerKey })
          .from(oauthTokens)
          .where(and(eq(oauthTokens.token, p.token), eq(oauthTokens.kind, 'request')));
        return row && row.consumerKey === p.consumerKey ? row.secret : null;
      },
      'OAUTH_ACCESS_DENIED',
    );
    if (!p.verifier) throw new OAuthRefused('OAUTH_ACCESS_DENIED', 'no verifier');
    // Spent once, whatever the outcome: of two exchanges at once, one finds it unused.
    const [spent] = await this.db
      .update(oauthTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(oauthTokens.token, p.token!),
          eq(oauthTokens.kind, 'request'),
          isNull(oauthTokens.usedAt),
          isNotNull(oauthTokens.userId),
          gt(oauthTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!spent) throw new OAuthRefused('OAUTH_ACCESS_DENIED', 'request token not authorized, used or expired');
    if (!spent.verifierHash || !sameText(spent.verifierHash, sha256(p.verifier)))
      throw new OAuthRefused('OAUTH_ACCESS_DENIED', 'wrong verifier');
    const [account] = await this.db.select().from(users).where(eq(users.id, spent.userId!));
    if (!account?.active) throw new OAuthRefused('OAUTH_ACCESS_DENIED', 'account gone or deactivated');
    const token = random(24);
    const secret = random(24);
    await this.db.insert(oauthTokens).values({
      kind: 'access',
      token,
      secret,
      consumerKey: p.consumerKey,
      userId: account.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_MS),
    });
    return { token, secret, user: toSessionUser(account) };
  }
}
