import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { MailboxTransport } from './email-transport.js';
import { legacyOutboxMessageId, newMessageId } from './message-id.js';

describe('Message-IDs of outgoing mail', () => {
  it.each([
    ['"Ventanilla" <pedidos@ventanilla.test>', 'ventanilla.test'],
    ['no-reply@balcao.test', 'balcao.test'],
    ['sin arroba', 'localhost'],
  ])('%s: 32 random hex digits at %s', (from, domain) => {
    expect(newMessageId(from)).toMatch(new RegExp(`^<[0-9a-f]{32}@${domain.replace('.', '\\.')}>$`));
  });

  it('never repeat (nothing about them is guessable from the row id)', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newMessageId('a@b.test')));
    expect(ids.size).toBe(1000);
  });

  it('the message goes out with the id it was queued with; a row queued before random ids keeps <outbox-{id}>', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'message-id-'));
    const transport = new MailboxTransport(dir);
    const base = {
      from: '"V" <no-reply@ventanilla.test>',
      to: 'c@example.com',
      subject: 's',
      text: 't',
      html: '<p>t</p>',
    };
    const chosen = newMessageId(base.from);
    await transport.send({ ...base, id: 1, messageId: chosen });
    await transport.send({ ...base, id: 2, messageId: null });
    const sent = async (id: number) => (await simpleParser(await readFile(path.join(dir, `${id}.eml`)))).messageId;
    expect(await sent(1)).toBe(chosen);
    expect(await sent(2)).toBe(legacyOutboxMessageId(2, base.from));
    expect(await sent(2)).toBe('<outbox-2@ventanilla.test>');
    transport.close();
  });
});
