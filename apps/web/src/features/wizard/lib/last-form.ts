import { canReuseLastForm } from '@ventanilla/domain';
import { consentGiven } from '../../../shared/consent/consent-store';
import type { Answers } from './wizard-pages';

/** Products whose last form the shop offers to reuse (the spec: the last nota simple form). */
export const REUSABLE_FORMS: ReadonlySet<string> = new Set(['nota-simple']);

/** The answers of the last form of a product added to the cart, and when. */
export interface LastForm {
  answers: Answers;
  savedAt: number;
}

const PREFIX = 'ventanilla:last-form:';
const key = (storeId: number, urlKey: string) => `${PREFIX}${storeId}:${urlKey}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Reads a stored last form defensively: anything malformed is no last form. */
export function parseLastForm(stored: unknown): LastForm | null {
  if (!stored || typeof stored !== 'object') return null;
  const s = stored as Partial<LastForm>;
  if (typeof s.savedAt !== 'number' || !s.answers || typeof s.answers !== 'object') return null;
  const answers: Answers = {};
  for (const [id, value] of Object.entries(s.answers)) {
    if (/^\d+$/.test(id) && typeof value === 'string' && value !== '') answers[id] = value;
  }
  return Object.keys(answers).length > 0 ? { answers, savedAt: s.savedAt } : null;
}

/** Remembers the answers of a product just added to the cart (only for products whose form can be reused). */
export function rememberLastForm(storeId: number, urlKey: string, answers: Answers, now = Date.now()): void {
  // A convenience, not needed for the order: kept only with the visitor's functionality consent (docs/customer-panel.md).
  if (!REUSABLE_FORMS.has(urlKey) || !consentGiven('functionality')) return;
  try {
    storage()?.setItem(key(storeId, urlKey), JSON.stringify({ answers, savedAt: now }));
  } catch {
    // Storage unavailable: nothing to offer next time.
  }
}

/** The last form of a product if it may still be reused (`windowSeconds`: the configured window, -1 always). */
export function reusableLastForm(
  storeId: number,
  urlKey: string,
  windowSeconds: number,
  now = Date.now(),
): LastForm | null {
  if (!REUSABLE_FORMS.has(urlKey)) return null;
  try {
    const raw = storage()?.getItem(key(storeId, urlKey));
    const form = parseLastForm(raw ? JSON.parse(raw) : null);
    return form && canReuseLastForm(form.savedAt, now, windowSeconds) ? form : null;
  } catch {
    return null;
  }
}
