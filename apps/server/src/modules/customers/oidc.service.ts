import * as client from 'openid-client';
import { customerIdentityVerdict, staffRoleFromGroups, type Role } from '@ventanilla/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { oidcLogins, userIdentities, users } from '../../db/schema.js';
import type { OidcProviderConfig, SignInConfig, StaffOidcConfig } from '../../config/sign-in-config.js';
import { AppError } from '../../shared/app-error.js';
import { toSessionUser } from './auth.service.js';
import { unusablePasswordHash } from './password.js';
import { hashToken, type SessionUser } from './sessions.repository.js';
import { findUserByEmail, insertUser, normaliseEmail } from './users.repository.js';

// OpenID Connect sign-in for customers and for staff (docs/integrations.md, "Sign-in"): authorization code with PKCE,
// state and nonce (openid-client). The state row binds the round trip to the browser session that started it and is
// used once. Customers are matched by the provider's identity, else by a VERIFIED e-mail (never an unverified one);
// staff by the provider's groups through the configured role map (no mapped group: refused, and no account made).

export type OidcAudience = 'customer' | 'staff';

/** How long the round trip to the provider may take. */
const LOGIN_TTL_MS = 10 * 60 * 1000;

export interface OidcStart {
  url: URL;
}

export interface OidcResult {
  user: SessionUser;
  remember: boolean;
  returnTo: string;
}

/** A path of this site to go back to (never another origin: "//evil.example" and "/\\evil" are refused). */
export function safeReturnPath(value: string | undefined, fallback: string): string {
  if (!value || value.length > 500 || !/^\/(?![/\\])[\x21-\x7e]*$/.test(value)) return fallback;
  return value;
}

export class OidcSignIn {
  private readonly configurations = new Map<OidcAudience, Promise<client.Configuration>>();

  constructor(
    private readonly db: Db,
    private readonly settings: SignInConfig,
    private readonly now: () => Date,
  ) {}

  provider(audience: OidcAudience): OidcProviderConfig | StaffOidcConfig | null {
    return audience === 'customer' ? this.settings.customerOidc : this.settings.staffOidc;
  }

  /** The provider's metadata (discovery), fetched once; a failed discovery is retried on the next sign-in. */
  private configuration(audience: OidcAudience): Promise<client.Configuration> {
    const provider = this.provider(audience);
    if (!provider) throw new AppError('OIDC_NOT_CONFIGURED', `no ${audience} OpenID provider`);
    let pending = this.configurations.get(audience);
    if (!pending) {
      pending = client.discovery(
        new URL(provider.issuer),
        provider.clientId,
        undefined,
        client.ClientSecretPost(provider.clientSecret),
        this.settings.oidcAllowHttp ? { execute: [client.allowInsecureRequests] } : undefined,
      );
      this.configurations.set(audience, pending);
      pending.catch(() => this.configurations.delete(audience));
    }
    return pending;
  }

  /** Starts a sign-in: records state, nonce and PKCE verifier for this browser session; returns the provider's URL. */
  async start(
    audience: OidcAudience,
    sessionIdHash: string,
    options: { remember: boolean; returnTo: string },
  ): Promise<OidcStart> {
    const provider = this.provider(audience)!;
    const config = await this.configuration(audience).catch((err: unknown) => {
      throw new AppError('UNAVAILABLE', `OpenID discovery failed: ${String(err)}`);
    });
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const now = this.now();
    await this.db.insert(oidcLogins).values({
      stateHash: hashToken(state),
      sessionIdHash,
      audience,
      codeVerifier,
      nonce,
      remember: options.remember ? 1 : 0,
      returnTo: options.returnTo,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LOGIN_TTL_MS),
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: provider.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url };
  }

  /**
   * Finishes a sign-in from the provider's redirect (`query`: the callback's query string): the state must be one this
   * browser session started and not used yet; the code is exchanged with the PKCE verifier and the ID token's nonce
   * checked. Returns the account to sign in.
   */
  async finish(audience: OidcAudience, sessionIdHash: string | null, query: string): Promise<OidcResult> {
    const provider = this.provider(audience);
    if (!provider) throw new AppError('OIDC_NOT_CONFIGURED', `no ${audience} OpenID provider`);
    const params = new URLSearchParams(query);
    const state = params.get('state');
    if (!state || state.length > 200) throw new AppError('OIDC_FAILED', 'callback without state');
    const now = this.now();
    // Used once: of two callbacks with one state (a replay), one finds the row unused.
    const [login] = await this.db
      .update(oidcLogins)
      .set({ usedAt: now })
      .where(
        and(
          eq(oidcLogins.stateHash, hashToken(state)),
          eq(oidcLogins.audience, audience),
          isNull(oidcLogins.usedAt),
          gt(oidcLogins.expiresAt, now),
        ),
      )
      .returning();
    if (!login) throw new AppError('OIDC_FAILED', 'unknown, used or expired state');
    if (login.sessionIdHash !== sessionIdHash) throw new AppError('OIDC_FAILED', 'state of another browser session');
    if (params.get('error')) throw new AppError('OIDC_FAILED', `provider error: ${params.get('error')}`);
    const config = await this.configuration(audience);
    // The current URL as registered (the redirect URI), whatever Host header reached us.
    const currentUrl = new URL(provider.redirectUri);
    currentUrl.search = params.toString();
    let claims: Record<string, unknown>;
    try {
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      claims = { ...idClaims };
      // E-mail and groups may live only in the userinfo response (depends on the provider): merged under the ID
      // token's subject (fetchUserInfo checks the subject matches).
      const wanted = audience === 'staff' ? (provider as StaffOidcConfig).groupsClaim : 'email';
      if (claims[wanted] === undefined || (audience === 'customer' && claims.email_verified === undefined)) {
        const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        claims = { ...info, ...claims, ...pick(info, ['email', 'email_verified', wanted]) };
      }
    } catch (err) {
      throw new AppError('OIDC_FAILED', `code exchange refused: ${err instanceof Error ? err.message : String(err)}`);
    }
    const issuer = String(claims.iss);
    const subject = String(claims.sub);
    const user =
      audience === 'customer'
        ? await this.customerFor(issuer, subject, claims)
        : await this.staffFor(issuer, subject, claims, provider as StaffOidcConfig);
    return { user, remember: login.remember === 1, returnTo: login.returnTo };
  }

  private async identityUser(issuer: string, subject: string) {
    const [row] = await this.db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
    if (row) {
      await this.db
        .update(userIdentities)
        .set({ lastUsedAt: this.now() })
        .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
    }
    return row?.user;
  }

  private async link(userId: number, issuer: string, subject: string): Promise<void> {
    await this.db.insert(userIdentities).values({ userId, issuer, subject }).onConflictDoNothing();
  }

  private async customerFor(issuer: string, subject: string, claims: Record<string, unknown>): Promise<SessionUser> {
    const linked = await this.identityUser(issuer, subject);
    if (linked) {
      if (!linked.active || linked.role !== 'customer')
        throw new AppError('OIDC_FAILED', 'linked account not an active customer');
      return toSessionUser(linked);
    }
    const email = verifiedEmail(claims);
    const existing = await findUserByEmail(this.db, email);
    if (existing) {
      // The customer provider never opens a staff account (staff have their own provider and role mapping).
      if (!existing.active || existing.role !== 'customer')
        throw new AppError('OIDC_FAILED', 'e-mail of a non-customer account');
      await this.link(existing.id, issuer, subject);
      return toSessionUser(existing);
    }
    const names = namesOf(claims, email);
    const created =
      (await insertUser(this.db, {
        email,
        passwordHash: await unusablePasswordHash(),
        firstname: names.firstname,
        lastname: names.lastname,
        role: 'customer',
      })) ?? (await findUserByEmail(this.db, email));
    if (!created || created.role !== 'customer') throw new AppError('OIDC_FAILED', 'account creation raced');
    await this.link(created.id, issuer, subject);
    return toSessionUser(created);
  }

  private async staffFor(
    issuer: string,
    subject: string,
    claims: Record<string, unknown>,
    provider: StaffOidcConfig,
  ): Promise<SessionUser> {
    const role = staffRoleFromGroups(claims[provider.groupsClaim], provider.roleByGroup);
    if (!role) throw new AppError('OIDC_NO_ROLE', `no mapped group in ${provider.groupsClaim}`);
    let account = await this.identityUser(issuer, subject);
    if (!account) {
      const email = verifiedEmail(claims);
      const existing = await findUserByEmail(this.db, email);
      if (existing && existing.role === 'customer') {
        // A customer's account does not become staff by signing in: an admin changes roles (docs/backoffice.md).
        throw new AppError('OIDC_NO_ROLE', 'e-mail of a customer account');
      }
      account =
        existing ??
        (await insertUser(this.db, {
          email: normaliseEmail(email),
          passwordHash: await unusablePasswordHash(),
          ...namesOf(claims, email),
          role,
        }));
      if (!account) throw new AppError('OIDC_FAILED', 'account creation raced');
      await this.link(account.id, issuer, subject);
    }
    if (!account.active) throw new AppError('OIDC_FAILED', 'deactivated staff account');
    if (account.role === 'customer') throw new AppError('OIDC_NO_ROLE', 'linked account is a customer');
    // The directory is the source of truth for staff roles: a changed group changes the role at the next sign-in.
    if (account.role !== role) {
      await this.db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, account.id));
    }
    return { ...toSessionUser(account), role: role as Role };
  }
}

/** The provider's verified e-mail of a person without a linked account; refused (AppError) otherwise. */
function verifiedEmail(claims: Record<string, unknown>): string {
  const verdict = customerIdentityVerdict(claims);
  if (!verdict.ok) {
    throw new AppError(
      verdict.reason === 'email_not_verified' ? 'OIDC_EMAIL_NOT_VERIFIED' : 'OIDC_FAILED',
      verdict.reason,
    );
  }
  return verdict.email;
}

function pick(source: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => source[k] !== undefined).map((k) => [k, source[k]]));
}

function namesOf(claims: Record<string, unknown>, email: string): { firstname: string; lastname: string } {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 200) : '');
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  if (given || family) return { firstname: given || family, lastname: given ? family : '' };
  const name = text(claims.name);
  if (name) {
    const [first, ...rest] = name.split(/\s+/);
    return { firstname: first ?? name, lastname: rest.join(' ') };
  }
  return { firstname: email.split('@')[0]!.slice(0, 200), lastname: '' };
}
