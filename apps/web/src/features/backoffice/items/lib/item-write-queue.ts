/**
 * Writes on one order item go one after another, each with the newest version known (docs/backoffice.md, "Writes that
 * queue"). Every write on an item carries the `version` (its `updated_at`) the agent saw, and the server refuses a
 * stale one with 409, so an agent's own quick second action ("Fijar" right after "Guardar nota") used to fail: it was
 * sent with the version loaded before the first had changed the item. Here a write waits for the previous write on
 * the same item to settle and then sends the newer of the version the screen had and the one the server answered last.
 * Another agent's change in between still gives 409: the version from our own answer is older than theirs. Tickets'
 * writes use the same class (one queue keyed by ticket id).
 */
export class ItemWriteQueue {
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly answered = new Map<string, string>();

  /**
   * Runs `send` with the version to use once the item's earlier writes have settled; `versionOf` reads the item's new
   * version from the answer (undefined: the answer does not say, and the next write falls back on the screen's).
   */
  run<T>(
    itemId: string,
    loadedVersion: string,
    send: (version: string) => Promise<T>,
    versionOf: (answer: T) => string | undefined,
  ): Promise<T> {
    const previous = this.tails.get(itemId) ?? Promise.resolve();
    const next = previous.then(
      () => this.send(itemId, loadedVersion, send, versionOf),
      () => this.send(itemId, loadedVersion, send, versionOf),
    );
    const tail = next.catch(() => undefined);
    this.tails.set(itemId, tail);
    void tail.then(() => {
      if (this.tails.get(itemId) === tail) this.tails.delete(itemId);
    });
    return next;
  }

  /** The version a write would carry now: the newer of the screen's and the last answer's. */
  versionFor(itemId: string, loadedVersion: string): string {
    const answered = this.answered.get(itemId);
    return answered !== undefined && later(answered, loadedVersion) ? answered : loadedVersion;
  }

  private async send<T>(
    itemId: string,
    loadedVersion: string,
    send: (version: string) => Promise<T>,
    versionOf: (answer: T) => string | undefined,
  ): Promise<T> {
    const answer = await send(this.versionFor(itemId, loadedVersion));
    const version = versionOf(answer);
    const known = this.answered.get(itemId);
    if (version !== undefined && (known === undefined || later(version, known))) this.answered.set(itemId, version);
    return answer;
  }
}

/** Whether version `a` is after `b` (both ISO 8601 instants, as the server writes `updated_at`). */
function later(a: string, b: string): boolean {
  return Date.parse(a) > Date.parse(b);
}

/** The back office's one queue (all tabs of the workspace share it). */
export const itemWrites = new ItemWriteQueue();
