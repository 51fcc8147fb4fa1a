import type { Db } from '../../db/database.js';
import { AppError, type FieldError } from '../../shared/app-error.js';
import { burnVerification, hashPassword, PASSWORD_MAX, PASSWORD_MIN, verifyPassword } from './password.js';
import type { SessionUser } from './sessions.repository.js';
import {
  clearLoginFailures,
  countRecentFailures,
  findUserByEmail,
  insertUser,
  recordLoginFailure,
  type UserRow,
} from './users.repository.js';

/** Login throttling: failures counted per email and per IP over a sliding window (shared by all app instances). */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 30;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function toSessionUser(row: UserRow): SessionUser {
  return { id: row.id, email: row.email, firstname: row.firstname, lastname: row.lastname, role: row.role as SessionUser['role'] };
}

export interface RegisterInput {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
}

/** Field checks of the registration form; every problem at once, so the form shows them together. */
export function validateRegistration(input: RegisterInput): FieldError[] {
  const fields: FieldError[] = [];
  const email = input.email.trim();
  if (!email) fields.push({ field: 'email', key: 'field.required' });
  else if (!EMAIL.test(email) || email.length > 254) fields.push({ field: 'email', key: 'field.email' });
  for (const name of ['firstname', 'lastname'] as const) {
    const value = input[name].trim();
    if (!value) fields.push({ field: name, key: 'field.required' });
    else if (value.length > 100) fields.push({ field: name, key: 'field.too_long', params: { max: 100 } });
  }
  if ([...input.password].length < PASSWORD_MIN || [...input.password].length > PASSWORD_MAX) {
    fields.push({ field: 'password', key: 'field.password_length', params: { min: PASSWORD_MIN, max: PASSWORD_MAX } });
  }
  return fields;
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

/** Checks credentials with throttling; wrong email and wrong password look the same from outside. */
export async function authenticate(db: Db, email: string, password: string, ip: string): Promise<SessionUser> {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  const recent = await countRecentFailures(db, email, ip, since);
  if (recent.byEmail >= MAX_FAILURES_PER_EMAIL || recent.byIp >= MAX_FAILURES_PER_IP) {
    throw new AppError('TOO_MANY_ATTEMPTS', `login throttled for ${email} / ${ip}`);
  }
  const user = await findUserByEmail(db, email);
  const ok = user ? await verifyPassword(user.passwordHash, password) : (await burnVerification(password), false);
  if (!user || !ok) {
    await recordLoginFailure(db, email, ip);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await clearLoginFailures(db, email);
  return toSessionUser(user);
}
