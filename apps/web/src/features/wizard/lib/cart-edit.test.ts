import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCartEdit, draftAnswers } from './cart-edit';
import { readDraft } from './draft-storage';

describe('editing a cart line', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
        removeItem: (k: string) => store.delete(k),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the answers as the wizard does (lists as ids, numbers as text; nothing else)', () => {
    expect(draftAnswers({ '1': 'a', '2': [3, 4], '5': 6, '7': null, '8': { x: 1 } })).toEqual({
      '1': 'a',
      '2': '3,4',
      '5': '6',
    });
  });

  it('opens the check-answers page with a draft in editing mode', () => {
    const line = { id: 9, version: 3, url_key: 'nota-simple', answers: { '77': 'Juan Español', '411': '3781' } };
    const target = startCartEdit(1, line, 2);
    expect(target).toMatch(/^\/tienda\/nota-simple\//);
    const draft = readDraft(1, 'nota-simple');
    expect(draft.answers).toEqual({ '77': 'Juan Español', '411': '3781' });
    expect(draft.editLine).toEqual({ id: 9, version: 3, position: 2 });
    expect([...draft.seen].sort((a, b) => a - b)).toEqual([77, 411]);
    expect(draft.lastPath).toBe(target);
  });
});
