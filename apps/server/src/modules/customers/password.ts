import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP Password Storage Cheat Sheet: argon2id, 19 MiB memory, 2 iterations, parallelism 1.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id (runs on the libuv thread pool, not the event loop). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * The hash of an account nobody can sign in to yet (made by staff, or by an agent with an order): a real argon2id hash
 * of a random secret nobody knows, so a sign-in attempt costs as long as for any account; the invitation's link sets
 * the password.
 */
export function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/** Verifies against a throwaway hash so an unknown email costs as long as a wrong password (no user enumeration). */
export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
  await verifyPassword(await dummyHash, password);
}
