import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearDraft,
  DRAFT_MAX_AGE_MS,
  draftKey,
  EMPTY_DRAFT,
  hasProgress,
  parseDraft,
  readDraft,
  updateDraft,
  writeDraft,
} from './draft-storage';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('parseDraft', () => {
  it('keeps only well-formed parts', () => {
    expect(
      parseDraft({
        answers: { '1': 'a', x: 'b', '2': 3, '3': '' },
        seen: [1, 'x'],
        lastPath: 'http://evil',
        lastStep: 2,
      }),
    ).toEqual({
      answers: { '1': 'a' },
      seen: [1],
      lastPath: null,
      lastStep: 2,
    });
    expect(parseDraft('nonsense')).toBe(EMPTY_DRAFT);
  });

  it('keeps the fast-buy mark only when it is true', () => {
    expect(parseDraft({ answers: { '1': 'a' }, seen: [1], fastBuy: true }).fastBuy).toBe(true);
    expect(parseDraft({ answers: { '1': 'a' }, fastBuy: 'yes' })).not.toHaveProperty('fastBuy');
    expect(parseDraft({ answers: { '1': 'a' } })).not.toHaveProperty('fastBuy');
  });

  it.each([
    [
      { id: 7, version: 2, position: 1 },
      { id: 7, version: 2, position: 1 },
    ],
    [{ id: 7, version: 0, position: 1 }, undefined],
    [{ id: '7', version: 2, position: 1 }, undefined],
    [{ id: 1.5, version: 2, position: 1 }, undefined],
    [{ id: 2 ** 60, version: 2, position: 1 }, undefined],
    ['7', undefined],
  ])('keeps a cart line being edited only when well-formed (%j)', (editLine, expected) => {
    expect(parseDraft({ answers: { '1': 'a' }, editLine }).editLine).toEqual(expected);
  });

  it('forgets drafts older than a month', () => {
    const now = Date.now();
    expect(parseDraft({ answers: { '1': 'a' }, updatedAt: now - DRAFT_MAX_AGE_MS - 1 }, now)).toBe(EMPTY_DRAFT);
    expect(parseDraft({ answers: { '1': 'a' }, updatedAt: now - 1000 }, now).answers).toEqual({ '1': 'a' });
  });

  it('tells whether there is something to resume', () => {
    expect(hasProgress(EMPTY_DRAFT)).toBe(false);
    expect(hasProgress({ ...EMPTY_DRAFT, answers: { '1': 'a' } })).toBe(true);
  });
});

describe('drafts in localStorage (they survive closing the tab)', () => {
  let local: MemoryStorage;
  let session: MemoryStorage;
  beforeEach(() => {
    local = new MemoryStorage();
    session = new MemoryStorage();
    vi.stubGlobal('window', { localStorage: local, sessionStorage: session });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps one draft per store and product', () => {
    writeDraft(1, 'nota-simple', { ...EMPTY_DRAFT, answers: { '80': 'Calle Mayor 1' } });
    updateDraft(16, 'nota-simple', (d) => ({ ...d, lastStep: 3 }));
    expect(readDraft(1, 'nota-simple').answers).toEqual({ '80': 'Calle Mayor 1' });
    expect(readDraft(16, 'nota-simple')).toMatchObject({ answers: {}, lastStep: 3 });
    expect(local.items.has(draftKey(1, 'nota-simple'))).toBe(true);
  });

  it('"Volver a empezar" clears it', () => {
    writeDraft(1, 'nota-simple', { ...EMPTY_DRAFT, answers: { '80': 'x' } });
    clearDraft(1, 'nota-simple');
    expect(readDraft(1, 'nota-simple')).toBe(EMPTY_DRAFT);
  });

  it('works without storage', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('denied');
      },
    });
    expect(() => writeDraft(1, 'p', EMPTY_DRAFT)).not.toThrow();
    expect(readDraft(1, 'p')).toBe(EMPTY_DRAFT);
  });
});
