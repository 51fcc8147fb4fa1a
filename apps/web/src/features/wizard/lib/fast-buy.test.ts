import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readDraft } from './draft-storage';
import { startFastBuy } from './fast-buy';

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

describe('startFastBuy: the server prefill becomes the draft', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['a page to start at', 4, '/tienda/certificado-energetico/step4'],
    ['nothing left: the check-answers page', null, '/tienda/certificado-energetico/confirmation'],
  ])('%s', (_label, startStep, path) => {
    const target = startFastBuy(1, {
      url_key: 'certificado-energetico',
      answers: { '1603': '160328', '1605': 'Calle Mayor 1', '9': ['x'] },
      prefilled: [1603, 1605],
      start_step: startStep,
    });
    expect(target).toBe(path);
    // Only text answers (drafts keep text); the pre-filled questions count as asked.
    expect(readDraft(1, 'certificado-energetico')).toMatchObject({
      answers: { '1603': '160328', '1605': 'Calle Mayor 1' },
      seen: [1603, 1605],
      lastPath: path,
      fastBuy: true,
    });
  });

  it("a dedicated flow's page names (the nota simple's step4)", () => {
    expect(startFastBuy(1, { url_key: 'nota-simple', answers: {}, prefilled: [], start_step: 4 })).toBe(
      '/tienda/nota-simple/step4',
    );
  });
});
