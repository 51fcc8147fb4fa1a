// Sign-in options besides the password (docs/decisions/0018-sign-in-options.md): remember-me tokens (the spec's
// cookieLogin), OpenID Connect logins in flight and the identities they linked, OAuth 1.0a tokens and nonces.
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './customers.js';

/**
 * One "remember me" device: the cookie is `<series>.<secret>`; only the SHA-256 of the current secret is kept, and of
 * the one it replaced (for a few seconds two requests of one browser may race; later, that one's reuse is theft).
 */
export const rememberTokens = pgTable(
  'remember_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The device's public id (random): names the chain in the cookie and in "sign out this device". */
    series: text('series').notNull().unique(),
    tokenHash: text('token_hash').notNull(),
    previousTokenHash: text('previous_token_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    /** The browser's user agent when the device was remembered (shown as browser and system in the account page). */
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('remember_tokens_user_idx').on(t.userId), index('remember_tokens_expires_idx').on(t.expiresAt)],
);

/** An OpenID Connect sign-in between the redirect to the provider and its callback: single use, minutes long. */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the state parameter. */
    stateHash: text('state_hash').notNull().unique(),
    /** The browser session that started it: a callback in another browser is refused (login CSRF). */
    sessionIdHash: text('session_id_hash').notNull(),
    /** customer | staff */
    audience: text('audience').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    remember: integer('remember').notNull().default(0),
    /** Where to go after signing in (a path of this site). */
    returnTo: text('return_to').notNull().default('/'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('oidc_logins_expires_idx').on(t.expiresAt)],
);

/** An account's identity at an OpenID provider (issuer + subject), linked once by a verified e-mail. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_idx').on(t.issuer, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/** OAuth 1.0a temporary credentials (request tokens) and their one-time access tokens. */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    id: serial('id').primaryKey(),
    /** request | access */
    kind: text('kind').notNull(),
    token: text('token').notNull().unique(),
    /** The token secret: it keys the HMAC of the next signed request, so it is kept as is (short-lived). */
    secret: text('secret').notNull(),
    consumerKey: text('consumer_key').notNull(),
    callback: text('callback'),
    /** SHA-256 of the verifier given when the user authorized the request token. */
    verifierHash: text('verifier_hash'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('oauth_tokens_expires_idx').on(t.expiresAt)],
);

/** Nonces seen per consumer and timestamp (RFC 5849 section 3.3): a replayed request is refused. */
export const oauthNonces = pgTable(
  'oauth_nonces',
  {
    consumerKey: text('consumer_key').notNull(),
    timestamp: integer('timestamp').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('oauth_nonces_unique_idx').on(t.consumerKey, t.timestamp, t.nonce),
    index('oauth_nonces_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A browser where an account signed in successfully (docs/decisions/0013-login-throttle-and-quotas.md, "Known
 * devices"): its cookie is a random secret, of which only the SHA-256 is kept. A correct password from a known device
 * is not held back by the account-wide login throttle (many addresses guessing cannot lock the owner out); the per-IP
 * throttle and a per-device one still apply.
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sign_in_devices_user_idx').on(t.userId), index('sign_in_devices_expires_idx').on(t.expiresAt)],
);

/**
 * A one-time sign-in link e-mailed to an account (the way in while its login is throttled): like a reset link, the
 * token is made when the e-mail is sent and only its SHA-256 is kept; it works once, for minutes.
 */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null until the e-mail is handed to the mail server. */
    tokenHash: text('token_hash'),
    /** The outbox message that carries the link (the dispatcher issues the token when it sends it). */
    outboxId: integer('outbox_id').unique(),
    requestIp: text('request_ip'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('sign_in_links_user_idx').on(t.userId, t.createdAt),
    index('sign_in_links_expires_idx').on(t.expiresAt),
  ],
);
