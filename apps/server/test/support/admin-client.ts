import pg from 'pg';

/** Runs `run` on a new connection to `adminUrl` (CREATE and DROP DATABASE), closed afterwards. */
export async function withAdminClient<T>(adminUrl: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  admin.on('error', () => {
    // The query reports it.
  });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/**
 * CREATE DATABASE `name`, a copy of `template` when given. A template's last session may still be closing on the
 * server when its pool has ended (PostgreSQL then refuses the copy: 55006 object_in_use), so that is tried again.
 */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const sql = `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await withAdminClient(adminUrl, (admin) => admin.query(sql));
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 10) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
