import type { Db } from '../../db/database.js';
import { hashPassword } from './password.js';
import { findUserByEmail, insertUser } from './users.repository.js';

/** Development logins, printed at start and in the README. Never created when NODE_ENV=production. */
export const DEMO_USERS = [
  {
    email: 'admin@ventanilla.test',
    password: 'admin-demo-2026',
    firstname: 'Ana',
    lastname: 'Administradora',
    role: 'admin',
  },
  {
    email: 'agente@ventanilla.test',
    password: 'agente-demo-2026',
    firstname: 'Andrés',
    lastname: 'Agente',
    role: 'agent',
  },
  {
    email: 'notario@ventanilla.test',
    password: 'notario-demo-2026',
    firstname: 'Nuria',
    lastname: 'Notaria',
    role: 'notary',
  },
  {
    email: 'cliente@ventanilla.test',
    password: 'cliente-demo-2026',
    firstname: 'Carmen',
    lastname: 'Cliente',
    role: 'customer',
  },
] as const;

/** Creates the demo users that do not exist yet (idempotent). */
export async function seedDemoUsers(db: Db): Promise<void> {
  for (const u of DEMO_USERS) {
    if (await findUserByEmail(db, u.email)) continue;
    await insertUser(db, { ...u, passwordHash: await hashPassword(u.password) });
  }
}
