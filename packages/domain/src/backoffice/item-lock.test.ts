import { describe, expect, it } from 'vitest';
import {
  canWrite,
  isLockLive,
  LOCK_HEARTBEAT_MS,
  LOCK_LEASE_MS,
  mayForceUnlock,
  releaseLock,
  takeLock,
  type ItemLock,
} from './item-lock.js';

const T0 = new Date('2026-05-04T09:00:00Z');
const after = (ms: number) => new Date(T0.getTime() + ms);
const ANA = 7;
const BEA = 8;
/** A lease taken at T0 by `holderId`, ending after the standard lease. */
const lockOf = (holderId: number): ItemLock => ({ holderId, acquiredAt: T0, expiresAt: after(LOCK_LEASE_MS) });

describe('lease timing', () => {
  it('a lease lasts 2 minutes and a tab renews it four times per lease', () => {
    expect(LOCK_LEASE_MS).toBe(120_000);
    expect(LOCK_HEARTBEAT_MS * 4).toBe(LOCK_LEASE_MS);
  });

  it.each<[string, ItemLock | null, number, boolean]>([
    ['no lock', null, 0, false],
    ['just taken', lockOf(ANA), 0, true],
    ['a millisecond before the end', lockOf(ANA), LOCK_LEASE_MS - 1, true],
    ['at the end itself', lockOf(ANA), LOCK_LEASE_MS, false],
    ['long after', lockOf(ANA), 10 * LOCK_LEASE_MS, false],
  ])('isLockLive: %s -> %s', (_, lock, offset, expected) => {
    expect(isLockLive(lock, after(offset))).toBe(expected);
  });
});

describe('canWrite (spec: an update on an order another user locked shows the lock message)', () => {
  it.each<[string, number, ItemLock | null, number, object]>([
    ['own live lease', ANA, lockOf(ANA), 1000, { ok: true, lock: 'held' }],
    ['nobody holds it', ANA, null, 0, { ok: true, lock: 'none' }],
    ['another agent lease lapsed', ANA, lockOf(BEA), LOCK_LEASE_MS, { ok: true, lock: 'none' }],
    [
      'another agent holds it',
      ANA,
      lockOf(BEA),
      LOCK_LEASE_MS - 1,
      { ok: false, reason: 'locked_by_other', holderId: BEA, expiresAt: after(LOCK_LEASE_MS) },
    ],
    [
      'own lease lapsed',
      ANA,
      lockOf(ANA),
      LOCK_LEASE_MS,
      { ok: false, reason: 'expired', expiredAt: after(LOCK_LEASE_MS) },
    ],
  ])('%s', (_, agent, lock, offset, expected) => {
    expect(canWrite(agent, lock, after(offset))).toEqual(expected);
  });
});

describe('takeLock: take, renew, take over', () => {
  it('takes a free item for a full lease', () => {
    expect(takeLock(ANA, null, T0)).toEqual({
      ok: true,
      outcome: 'acquired',
      lock: { holderId: ANA, acquiredAt: T0, expiresAt: after(LOCK_LEASE_MS) },
    });
  });

  it('the heartbeat renews from now and keeps when it was first taken', () => {
    const renewed = takeLock(ANA, lockOf(ANA), after(LOCK_HEARTBEAT_MS));
    expect(renewed).toEqual({
      ok: true,
      outcome: 'renewed',
      lock: { holderId: ANA, acquiredAt: T0, expiresAt: after(LOCK_HEARTBEAT_MS + LOCK_LEASE_MS) },
    });
  });

  it('a lease kept alive by heartbeats never lapses; one left alone does', () => {
    let lock = lockOf(ANA);
    for (let beat = 1; beat <= 20; beat++) {
      const result = takeLock(ANA, lock, after(beat * LOCK_HEARTBEAT_MS));
      if (!result.ok) throw new Error('renewal refused');
      lock = result.lock;
      expect(canWrite(BEA, lock, after(beat * LOCK_HEARTBEAT_MS + 1)).ok).toBe(false);
    }
    expect(canWrite(BEA, lock, after(20 * LOCK_HEARTBEAT_MS + LOCK_LEASE_MS))).toEqual({ ok: true, lock: 'none' });
  });

  it('refuses while another agent holds a live lease, naming the holder', () => {
    expect(takeLock(BEA, lockOf(ANA), after(LOCK_LEASE_MS - 1))).toEqual({
      ok: false,
      reason: 'locked_by_other',
      holderId: ANA,
      expiresAt: after(LOCK_LEASE_MS),
    });
  });

  it('takes over a lapsed lease of another agent, naming the previous holder', () => {
    expect(takeLock(BEA, lockOf(ANA), after(LOCK_LEASE_MS))).toEqual({
      ok: true,
      outcome: 'taken_over',
      previousHolderId: ANA,
      lock: { holderId: BEA, acquiredAt: after(LOCK_LEASE_MS), expiresAt: after(2 * LOCK_LEASE_MS) },
    });
  });

  it('takes back its own lapsed lease as a new one', () => {
    const result = takeLock(ANA, lockOf(ANA), after(3 * LOCK_LEASE_MS));
    expect(result).toMatchObject({ ok: true, outcome: 'reacquired', lock: { acquiredAt: after(3 * LOCK_LEASE_MS) } });
  });

  it('honours another lease length', () => {
    expect(takeLock(ANA, null, T0, 5000)).toMatchObject({ lock: { expiresAt: after(5000) } });
  });
});

describe('releaseLock and force unlock (spec: orders can be forced unlocked by agents)', () => {
  it.each<[string, { id: number; role: 'agent' | 'admin' | 'notary' }, ItemLock | null, boolean, object]>([
    ['nothing to release', { id: ANA, role: 'agent' }, null, false, { ok: true, outcome: 'not_locked' }],
    ['own lease', { id: ANA, role: 'agent' }, lockOf(ANA), false, { ok: true, outcome: 'released' }],
    ['own lease, force asked', { id: ANA, role: 'notary' }, lockOf(ANA), true, { ok: true, outcome: 'released' }],
    [
      "another's lease without force",
      { id: BEA, role: 'admin' },
      lockOf(ANA),
      false,
      { ok: false, reason: 'locked_by_other', holderId: ANA },
    ],
    [
      'agent forces',
      { id: BEA, role: 'agent' },
      lockOf(ANA),
      true,
      { ok: true, outcome: 'forced', previousHolderId: ANA },
    ],
    [
      'admin forces',
      { id: BEA, role: 'admin' },
      lockOf(ANA),
      true,
      { ok: true, outcome: 'forced', previousHolderId: ANA },
    ],
    [
      'notary may not force',
      { id: BEA, role: 'notary' },
      lockOf(ANA),
      true,
      { ok: false, reason: 'force_not_allowed' },
    ],
  ])('%s', (_, agent, lock, force, expected) => {
    expect(releaseLock(agent, lock, after(1000), { force })).toMatchObject(expected);
  });

  it('a lapsed lease needs no force: it is already free', () => {
    expect(releaseLock({ id: BEA, role: 'notary' }, lockOf(ANA), after(LOCK_LEASE_MS))).toEqual({
      ok: true,
      outcome: 'not_locked',
    });
  });

  it.each([
    ['agent', true],
    ['admin', true],
    ['notary', false],
  ] as const)('mayForceUnlock(%s) -> %s', (role, expected) => {
    expect(mayForceUnlock(role)).toBe(expected);
  });
});
