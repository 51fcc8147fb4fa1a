import { describe, expect, it } from 'vitest';
import { ItemWriteQueue } from './item-write-queue';

const V1 = '2026-11-29T10:00:00.000Z';
const V2 = '2026-11-29T10:00:01.000Z';
const V3 = '2026-11-29T10:00:02.000Z';

/** A write whose answer the test releases, recording the version it was sent with. */
function deferred() {
  const sent: string[] = [];
  let release: (answer: { updated_at?: string }) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const send = (version: string) => {
    sent.push(version);
    return new Promise<{ updated_at?: string }>((resolve, reject) => {
      release = resolve;
      fail = reject;
    });
  };
  return { sent, send, release: (a: { updated_at?: string }) => release(a), fail: (e: Error) => fail(e) };
}

const versionOf = (answer: { updated_at?: string }) => answer.updated_at;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('writes on one item', () => {
  it('wait for the previous one and carry the version it answered (a note, then a pin at once)', async () => {
    const queue = new ItemWriteQueue();
    const note = deferred();
    const pin = deferred();
    const first = queue.run('7', V1, note.send, versionOf);
    const second = queue.run('7', V1, pin.send, versionOf);
    await tick();
    expect(note.sent).toEqual([V1]);
    expect(pin.sent).toEqual([]); // not sent before the note is answered
    note.release({ updated_at: V2 });
    await first;
    await tick();
    expect(pin.sent).toEqual([V2]);
    pin.release({ updated_at: V3 });
    await expect(second).resolves.toEqual({ updated_at: V3 });
    expect(queue.versionFor('7', V1)).toBe(V3);
  });

  it('use the screen’s version when it is newer than the last answer (the item was reloaded since)', async () => {
    const queue = new ItemWriteQueue();
    const a = deferred();
    const done = queue.run('7', V1, a.send, versionOf);
    await tick();
    a.release({ updated_at: V2 });
    await done;
    expect(queue.versionFor('7', V3)).toBe(V3);
    expect(queue.versionFor('7', V1)).toBe(V2);
  });

  it('go on after a refused write, which moves no version', async () => {
    const queue = new ItemWriteQueue();
    const refused = deferred();
    const next = deferred();
    const first = queue.run('7', V1, refused.send, versionOf);
    const second = queue.run('7', V1, next.send, versionOf);
    await tick();
    refused.fail(new Error('409'));
    await expect(first).rejects.toThrow('409');
    await tick();
    expect(next.sent).toEqual([V1]);
    next.release({ updated_at: V2 });
    await expect(second).resolves.toEqual({ updated_at: V2 });
  });

  it('keep the version when an answer does not carry one', async () => {
    const queue = new ItemWriteQueue();
    const silent = deferred();
    const done = queue.run('7', V2, silent.send, versionOf);
    await tick();
    silent.release({});
    await done;
    expect(queue.versionFor('7', V1)).toBe(V1);
  });
});

describe('writes on different items', () => {
  it('do not wait for each other, and versions never cross', async () => {
    const queue = new ItemWriteQueue();
    const a = deferred();
    const b = deferred();
    const first = queue.run('7', V1, a.send, versionOf);
    void queue.run('8', V1, b.send, versionOf);
    await tick();
    expect(b.sent).toEqual([V1]); // sent while item 7's write is still open
    a.release({ updated_at: V3 });
    await first;
    expect(queue.versionFor('8', V1)).toBe(V1);
  });
});
