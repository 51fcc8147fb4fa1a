import { afterEach, describe, expect, it, vi } from 'vitest';
import { OutageBackoff, outageDelayMs } from './outage-backoff.js';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

afterEach(() => vi.useRealTimers());

describe('outageDelayMs', () => {
  it.each([
    [0, 0, 0],
    [1, 250, 250],
    [2, 500, 500],
    [4, 2_000, 2_000],
    [7, 15_000, 15_000],
    [30, 15_000, 15_000],
  ])('after %i failures pauses %i ms (±25%%)', (failures, low, high) => {
    const ms = outageDelayMs(failures, 250, 15_000);
    expect(ms).toBeGreaterThanOrEqual(low * 0.75);
    expect(ms).toBeLessThanOrEqual(high * 1.25);
  });
});

describe('OutageBackoff', () => {
  it('counts only unreachability, once per pause, and the first success ends the outage', () => {
    vi.useFakeTimers();
    const changes: boolean[] = [];
    const backoff = new OutageBackoff({ onChange: ({ down }) => changes.push(down) });
    expect(backoff.failed(new Error('duplicate key value'))).toBe(false);
    expect(backoff.down).toBe(false);
    expect(backoff.failed(refused())).toBe(true);
    expect(backoff.failed(refused())).toBe(true); // another loop, same pause
    expect(backoff.failures).toBe(1);
    vi.advanceTimersByTime(1_000);
    backoff.failed(refused());
    expect(backoff.failures).toBe(2);
    backoff.succeeded();
    expect(backoff.down).toBe(false);
    expect(backoff.retryInMs).toBeLessThanOrEqual(0);
    expect(changes).toEqual([true, false]);
  });

  it('wait() holds a loop until the pause is over, and close() releases it at once', async () => {
    const backoff = new OutageBackoff({ firstDelayMs: 10_000 });
    backoff.failed(refused());
    let released = false;
    const waiting = backoff.wait().then(() => (released = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(released).toBe(false);
    backoff.close();
    await waiting;
    expect(released).toBe(true);
  });
});
