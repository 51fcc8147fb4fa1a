import { readJson, removeItem, writeJson } from '../../../shared/lib/session-storage';
import type { Answers } from './wizard-pages';

/** An unfinished order of one product in one store, kept in sessionStorage so Back and reloads never lose answers. */
export interface Draft {
  answers: Answers;
  /** Options the user has been asked (pages submitted with Continuar). */
  seen: number[];
  /** Where the user was, to offer "continue where you left off". */
  lastPath: string | null;
  lastStep: number;
}

export const EMPTY_DRAFT: Draft = { answers: {}, seen: [], lastPath: null, lastStep: 0 };

function key(storeId: number, urlKey: string): string {
  return `ventanilla:draft:${storeId}:${urlKey}`;
}

export function readDraft(storeId: number, urlKey: string): Draft {
  const stored = readJson<Partial<Draft>>(key(storeId, urlKey));
  if (!stored || typeof stored !== 'object') return EMPTY_DRAFT;
  return {
    answers: stored.answers && typeof stored.answers === 'object' ? stored.answers : {},
    seen: Array.isArray(stored.seen) ? stored.seen.filter((n) => typeof n === 'number') : [],
    lastPath: typeof stored.lastPath === 'string' ? stored.lastPath : null,
    lastStep: typeof stored.lastStep === 'number' ? stored.lastStep : 0,
  };
}

export function writeDraft(storeId: number, urlKey: string, draft: Draft): void {
  writeJson(key(storeId, urlKey), draft);
}

export function updateDraft(storeId: number, urlKey: string, change: (draft: Draft) => Draft): Draft {
  const next = change(readDraft(storeId, urlKey));
  writeDraft(storeId, urlKey, next);
  return next;
}

export function clearDraft(storeId: number, urlKey: string): void {
  removeItem(key(storeId, urlKey));
}
