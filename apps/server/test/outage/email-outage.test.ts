// An e-mail that has left, with the database gone before it could be recorded as sent: the dispatcher waits the
// outage out and records it, instead of failing the batch (and sending the message again once its claim lapses).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/database.js';
import { EmailDispatcher } from '../../src/modules/email/email-dispatcher.js';
import type { MailTransport } from '../../src/modules/email/email-transport.js';
import { SwitchableDatabase } from '../support/switchable-database.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let db: SwitchableDatabase;
beforeAll(async () => {
  t = await createTestApp({ database: (handle) => (db = new SwitchableDatabase(handle)).handle });
});
afterAll(async () => {
  db.down = false;
  await t?.close();
});

async function writeEmail(to: string): Promise<number> {
  let id: number | null = null;
  await t.app.ctx.db.transaction(async (tx) => {
    id = await t.app.ctx.email.enqueue(tx, {
      message: { kind: 'document_ready', firstname: 'Ana', orderId: 1, productName: 'Nota simple' },
      storeId: 1,
      to,
    });
  });
  if (id === null) throw new Error('no outbox id');
  return id;
}

describe('e-mail dispatcher during a database outage', () => {
  it('records a message sent just before the database went away once it is back, and sends it once', async () => {
    const id = await writeEmail('outage@example.com');
    const sent: number[] = [];
    const transport: MailTransport = {
      name: 'smtp',
      async send(mail) {
        sent.push(mail.id);
        // The SMTP server took the message; the database goes away for a second and a half.
        db.down = true;
        setTimeout(() => (db.down = false), 1_500);
        return { messageId: `<${mail.id}@ventanilla.test>` };
      },
      close() {},
    };
    const dispatcher = new EmailDispatcher(createDb(db.handle.pool), transport, {
      maxAttempts: 5,
      retryBaseMs: 60_000,
      retryMaxMs: 600_000,
    });
    expect(await dispatcher.deliverById(id)).toEqual({ outcome: 'sent' });
    expect(db.refused).toBeGreaterThan(0);
    const [row] = (
      await db.handle.pool.query<{ status: string; attempts: number }>(
        'select status, attempts from email_outbox where id = $1',
        [id],
      )
    ).rows;
    expect(row?.status).toBe('sent');
    // A second job for it finds it sent.
    expect(await dispatcher.deliverById(id)).toEqual({ outcome: 'skipped' });
    expect(sent).toEqual([id]);
  });
});
