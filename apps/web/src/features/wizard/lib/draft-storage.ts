import type { Answers } from './wizard-pages';

/**
 * An unfinished order of one product in one store. Kept in localStorage, so Back, a reload or closing the tab never
 * loses answers: coming back resumes where the user was. "Volver a empezar" clears it; adding to the cart too.
 */
export interface Draft {
  answers: Answers;
  /** Options the user has been asked (pages submitted with Continuar). */
  seen: number[];
  /** Where the user was, to offer "continue where you left off". */
  lastPath: string | null;
  lastStep: number;
  /**
   * A fast-buy (answers pre-filled by the server from a saved item or an order line): "Continuar" skips the pages
   * whose questions are all answered already; "Atrás" still reaches them to change an answer.
   */
  fastBuy?: boolean;
  /** Editing a cart line's answers (its id, version and 1-based position): the end PATCHes it instead of adding. */
  editLine?: EditLine;
  /** When the draft was last written (ms since the epoch): old drafts are dropped. */
  updatedAt?: number;
}

export interface EditLine {
  id: number;
  version: number;
  position: number;
}

function parseEditLine(value: unknown): EditLine | null {
  if (!value || typeof value !== 'object') return null;
  const { id, version, position } = value as Partial<EditLine>;
  const whole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
  return whole(id) && whole(version) && whole(position) ? { id, version, position } : null;
}

export const EMPTY_DRAFT: Draft = { answers: {}, seen: [], lastPath: null, lastStep: 0 };

/** Drafts older than this are forgotten (an abandoned order should not come back months later). */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const PREFIX = 'ventanilla:draft:';

export function draftKey(storeId: number, urlKey: string): string {
  return `${PREFIX}${storeId}:${urlKey}`;
}

/** Reads a stored draft defensively: anything malformed or too old becomes an empty draft. */
export function parseDraft(stored: unknown, now = Date.now()): Draft {
  if (!stored || typeof stored !== 'object') return EMPTY_DRAFT;
  const d = stored as Partial<Draft>;
  if (typeof d.updatedAt === 'number' && now - d.updatedAt > DRAFT_MAX_AGE_MS) return EMPTY_DRAFT;
  const answers: Answers = {};
  if (d.answers && typeof d.answers === 'object') {
    for (const [id, value] of Object.entries(d.answers)) {
      if (/^\d+$/.test(id) && typeof value === 'string' && value !== '') answers[id] = value;
    }
  }
  const editLine = parseEditLine(d.editLine);
  return {
    answers,
    seen: Array.isArray(d.seen) ? d.seen.filter((n): n is number => typeof n === 'number') : [],
    lastPath: typeof d.lastPath === 'string' && d.lastPath.startsWith('/') ? d.lastPath : null,
    lastStep: typeof d.lastStep === 'number' ? d.lastStep : 0,
    ...(d.fastBuy === true ? { fastBuy: true } : {}),
    ...(editLine ? { editLine } : {}),
    ...(typeof d.updatedAt === 'number' ? { updatedAt: d.updatedAt } : {}),
  };
}

/** True when the draft holds something worth offering to resume or to clear. */
export function hasProgress(draft: Draft): boolean {
  return Object.keys(draft.answers).length > 0 || draft.seen.length > 0;
}

// localStorage can throw (private mode, quota, disabled storage): the shop must keep working without it.
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readDraft(storeId: number, urlKey: string): Draft {
  try {
    const raw = storage()?.getItem(draftKey(storeId, urlKey));
    return parseDraft(raw ? JSON.parse(raw) : null);
  } catch {
    return EMPTY_DRAFT;
  }
}

export function writeDraft(storeId: number, urlKey: string, draft: Draft): void {
  try {
    storage()?.setItem(draftKey(storeId, urlKey), JSON.stringify({ ...draft, updatedAt: Date.now() }));
  } catch {
    // Storage unavailable: the draft lives only in memory for this page.
  }
}

export function updateDraft(storeId: number, urlKey: string, change: (draft: Draft) => Draft): Draft {
  const next = change(readDraft(storeId, urlKey));
  writeDraft(storeId, urlKey, next);
  return next;
}

export function clearDraft(storeId: number, urlKey: string): void {
  try {
    storage()?.removeItem(draftKey(storeId, urlKey));
    // Drafts of earlier versions lived in sessionStorage.
    window.sessionStorage.removeItem(draftKey(storeId, urlKey));
  } catch {
    // ignore
  }
}
