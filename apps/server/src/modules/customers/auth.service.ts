import { checkAccountEmail, checkRegistration } from '@ventanilla/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { clearCounters, releaseHit, reserveHit, type RateLimit } from '../../db/rate-counters.js';
import { AppError, type FieldError } from '../../shared/app-error.js';
import { knownDeviceOf } from './known-devices.service.js';
import { burnVerification, hashPassword, verifyPassword } from './password.js';
import type { SessionUser } from './sessions.repository.js';
import { findUserByEmail, insertUser, normaliseEmail, type UserRow } from './users.repository.js';

/**
 * Login throttling (docs/decisions/0013-login-throttle-and-quotas.md), shared by all app instances: each attempt is
 * reserved atomically before the password is checked. Per account and IP it is tight, so one attacker cannot guess;
 * per account (every IP) it is looser and slower, so one attacker cannot lock the owner out; per IP it stops one
 * address from trying many accounts. A password reset clears the account's counters.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT_AND_IP = 5;
export const ACCOUNT_WINDOW_MS = 60 * 60 * 1000;
/** More than one address can make in the window (4 x 5 an hour), so it takes several to lock an account. */
export const MAX_FAILURES_PER_ACCOUNT = 50;
export const MAX_FAILURES_PER_IP = 30;
/** From a known device (a browser where the account signed in before): as tight as per account and IP. */
export const MAX_FAILURES_PER_DEVICE = 5;

const ACCOUNT_IP_BUCKET = (email: string) => `login-account-ip:${email}`;
const ACCOUNT_BUCKET = 'login-account';
const IP_BUCKET = 'login-ip';
const DEVICE_BUCKET = 'login-device';

/** The counters one login attempt reserves, in the order they are checked. */
function loginLimits(email: string, ip: string): RateLimit[] {
  return [
    { bucket: ACCOUNT_IP_BUCKET(email), key: ip, limit: MAX_FAILURES_PER_ACCOUNT_AND_IP, windowMs: LOGIN_WINDOW_MS },
    { bucket: IP_BUCKET, key: ip, limit: MAX_FAILURES_PER_IP, windowMs: LOGIN_WINDOW_MS },
    { bucket: ACCOUNT_BUCKET, key: email, limit: MAX_FAILURES_PER_ACCOUNT, windowMs: ACCOUNT_WINDOW_MS },
  ];
}

/**
 * The counters of an attempt from a known device of the account: its own (a stolen cookie still guesses slowly) and
 * the IP's, not the account's, which addresses the owner does not control can exhaust.
 */
function knownDeviceLimits(deviceId: number, ip: string): RateLimit[] {
  return [
    { bucket: DEVICE_BUCKET, key: String(deviceId), limit: MAX_FAILURES_PER_DEVICE, windowMs: LOGIN_WINDOW_MS },
    { bucket: IP_BUCKET, key: ip, limit: MAX_FAILURES_PER_IP, windowMs: LOGIN_WINDOW_MS },
  ];
}

/** Forgets every login counter of an account (its owner proved control of the mailbox, or signed in). */
export async function clearLoginThrottle(db: DbOrTx, email: string): Promise<void> {
  const normalised = normaliseEmail(email);
  await clearCounters(db, [{ bucket: ACCOUNT_IP_BUCKET(normalised) }, { bucket: ACCOUNT_BUCKET, key: normalised }]);
}

/**
 * A password asked for again from a signed-in session (deleting the account): the attempt counts against the same
 * counters as a login from this address (TOO_MANY_ATTEMPTS when they are spent), so the route cannot be used to guess
 * the password faster than the login form can; a right password clears them like a login does.
 */
export async function verifyPasswordThrottled(
  db: DbOrTx,
  account: { email: string; passwordHash: string },
  password: string,
  ip: string,
): Promise<boolean> {
  const normalised = normaliseEmail(account.email);
  for (const limit of loginLimits(normalised, ip)) {
    if (!(await reserveHit(db, limit)))
      throw new AppError('TOO_MANY_ATTEMPTS', `password check throttled (${limit.bucket})`);
  }
  const ok = await verifyPassword(account.passwordHash, password);
  if (ok) {
    await clearLoginThrottle(db, normalised);
    await releaseHit(db, IP_BUCKET, ip);
  }
  return ok;
}

/**
 * The sign-in page's first step (spec: customer/authenticate/{email}): whether this address signs in or registers.
 * It tells no more than registration does (EMAIL_TAKEN for a taken address), and is throttled like the login: each
 * lookup reserves a hit of the same per-IP window and limit as failed logins (shared by all instances); a successful
 * login from the address gives one back, as it does for the login's own counter. Both answers do the same work (one
 * indexed lookup, no password hashing), so the time taken does not tell them apart either. A deactivated account
 * answers "sign in" (its address is taken: registration says so too) and then fails like a wrong password.
 */
export const IDENTIFY_BUCKET = 'identify-ip';
/** Lookups per IP and window: as many as failed logins (MAX_FAILURES_PER_IP; a test holds them equal). */
export const MAX_IDENTIFY_PER_IP = 30;

export async function identifyEmail(db: Db, email: string, ip: string): Promise<'sign_in' | 'register'> {
  const message = checkAccountEmail(email);
  if (message) throw new AppError('VALIDATION_ERROR', 'email', { fields: [{ field: 'email', message }] });
  const limit = { bucket: IDENTIFY_BUCKET, key: ip, limit: MAX_IDENTIFY_PER_IP, windowMs: LOGIN_WINDOW_MS };
  if (!(await reserveHit(db, limit))) throw new AppError('TOO_MANY_ATTEMPTS', 'identify throttled');
  return (await findUserByEmail(db, normaliseEmail(email))) ? 'sign_in' : 'register';
}

export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    role: row.role as SessionUser['role'],
  };
}

export interface RegisterInput {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
}

/** Field checks of the registration form: the domain's registration rules, every problem at once. */
export function validateRegistration(input: RegisterInput): FieldError[] {
  return checkRegistration(input);
}

export async function registerCustomer(db: Db, input: RegisterInput): Promise<SessionUser> {
  const fields = validateRegistration(input);
  if (fields.length > 0) throw new AppError('VALIDATION_ERROR', 'registration', { fields });
  const row = await insertUser(db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstname: input.firstname.trim(),
    lastname: input.lastname.trim(),
    role: 'customer',
  });
  if (!row) throw new AppError('EMAIL_TAKEN', 'registration with an existing email');
  return toSessionUser(row);
}

/**
 * Checks credentials with throttling; wrong email and wrong password look the same from outside. `deviceCookie` is the
 * browser's known-device cookie: when it is one of this account's, the account-wide counters do not apply.
 */
export async function authenticate(
  db: Db,
  credentials: { email: string; password: string; ip: string; deviceCookie?: string; now: Date },
): Promise<SessionUser> {
  const { email, password, ip } = credentials;
  const normalised = normaliseEmail(email);
  const device = await knownDeviceOf(db, credentials.deviceCookie, normalised, credentials.now);
  // Reserved before the (slow) check: of many parallel guesses at most the limit get a verification. A refused
  // attempt stops at the first exhausted counter, so an address over its own limit adds nothing to the account's.
  for (const limit of device === null ? loginLimits(normalised, ip) : knownDeviceLimits(device, ip)) {
    if (!(await reserveHit(db, limit))) throw new AppError('TOO_MANY_ATTEMPTS', `login throttled (${limit.bucket})`);
  }
  const user = await findUserByEmail(db, normalised);
  const ok = user ? await verifyPassword(user.passwordHash, password) : (await burnVerification(password), false);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
  // A deactivated account (agents admin) answers like a wrong password: nothing tells an outsider it exists.
  if (!user.active) throw new AppError('INVALID_CREDENTIALS', 'deactivated account');
  await clearLoginThrottle(db, normalised);
  if (device !== null) await clearCounters(db, [{ bucket: DEVICE_BUCKET, key: String(device) }]);
  await releaseHit(db, IP_BUCKET, ip);
  await releaseHit(db, IDENTIFY_BUCKET, ip);
  return toSessionUser(user);
}
