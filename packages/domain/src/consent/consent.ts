// Cookie consent (spec: four levels, strictly-necessary, functionality, tracking, targeting; docs/customer-panel.md):
// what a visitor chose, how it is stored in the browser (with a version and a date) and when it must be asked again.
// Strictly necessary storage is always on and cannot be switched off; every other level is off until chosen.

export const CONSENT_LEVELS = ['strictly-necessary', 'functionality', 'tracking', 'targeting'] as const;
export type ConsentLevel = (typeof CONSENT_LEVELS)[number];
/** The levels a visitor can switch (all but strictly necessary). */
export type OptionalConsentLevel = Exclude<ConsentLevel, 'strictly-necessary'>;
export const OPTIONAL_CONSENT_LEVELS: readonly OptionalConsentLevel[] = ['functionality', 'tracking', 'targeting'];

/**
 * The version of the cookie policy the choice was made under: raise it when the product starts setting something new
 * under a level (docs/customer-panel.md), and every visitor is asked again.
 */
export const CONSENT_VERSION = 1;
/** A choice is asked again after this long (the Spanish authority's guide: at most 24 months; we use 12). */
export const CONSENT_MAX_AGE_DAYS = 365;
/** The first-party storage key (localStorage) that holds the choice; itself strictly necessary. */
export const CONSENT_STORAGE_KEY = 'ventanilla:consent';
/**
 * The first-party cookie that holds the same choice (its serialized record, URI-encoded), so the server knows whether
 * a page must ask: a first visit's page then arrives with the dialog in its markup. Strictly necessary too.
 */
export const CONSENT_COOKIE = 'vt_consent';

export interface ConsentChoice {
  version: number;
  /** When the choice was made (ISO 8601). */
  date: string;
  /** Only the optional levels; strictly necessary is implied. */
  levels: Record<OptionalConsentLevel, boolean>;
}

const DAY_MS = 86_400_000;

/** A choice made now: the given optional levels on, the rest off. */
export function makeConsent(accepted: readonly OptionalConsentLevel[], now: Date): ConsentChoice {
  const levels = { functionality: false, tracking: false, targeting: false };
  for (const level of accepted) if (OPTIONAL_CONSENT_LEVELS.includes(level)) levels[level] = true;
  return { version: CONSENT_VERSION, date: now.toISOString(), levels };
}

export const acceptAllConsent = (now: Date): ConsentChoice => makeConsent(OPTIONAL_CONSENT_LEVELS, now);
export const rejectAllConsent = (now: Date): ConsentChoice => makeConsent([], now);

/**
 * Reads a stored choice defensively: anything malformed, of another policy version, dated in the future or older
 * than the maximum age is no choice (the banner is shown again).
 */
export function parseConsent(stored: string | null, now: Date): ConsentChoice | null {
  if (stored === null || stored.length > 1000) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<ConsentChoice>;
  if (v.version !== CONSENT_VERSION || typeof v.date !== 'string' || !v.levels || typeof v.levels !== 'object') {
    return null;
  }
  const at = Date.parse(v.date);
  if (!Number.isFinite(at) || !/^\d{4}-\d{2}-\d{2}T/.test(v.date)) return null;
  const age = now.getTime() - at;
  // A minute of clock skew is tolerated; a date further ahead is not a real choice.
  if (age < -60_000 || age > CONSENT_MAX_AGE_DAYS * DAY_MS) return null;
  const levels = v.levels as Record<string, unknown>;
  if (!OPTIONAL_CONSENT_LEVELS.every((level) => typeof levels[level] === 'boolean')) return null;
  return {
    version: v.version,
    date: v.date,
    levels: {
      functionality: levels['functionality'] === true,
      tracking: levels['tracking'] === true,
      targeting: levels['targeting'] === true,
    },
  };
}

export function serializeConsent(choice: ConsentChoice): string {
  return JSON.stringify(choice);
}

/** Seconds a stored choice has left before it must be asked again (0 when it already must). */
export function consentSecondsLeft(choice: ConsentChoice, now: Date): number {
  const left = Date.parse(choice.date) + CONSENT_MAX_AGE_DAYS * DAY_MS - now.getTime();
  return Number.isFinite(left) ? Math.max(0, Math.floor(left / 1000)) : 0;
}

/** Whether something of a level may be set: strictly necessary always; the others only when chosen. */
export function consentAllows(choice: ConsentChoice | null, level: ConsentLevel): boolean {
  if (level === 'strictly-necessary') return true;
  return choice?.levels[level] === true;
}
