// The visitor's cookie choice in the browser (packages/domain consent rules): read once, kept in localStorage under a
// versioned, dated record and in the consent cookie (the server reads it to know whether a page must ask), shared by
// every component through useSyncExternalStore. Not in the shop's entry: the banner and the screens that check a level
// load it. While a page is server-rendered or hydrated, the choice is what the server assumed (ServerRenderContext:
// "asked" means none), so the markup matches; the browser's own record applies right after.
import { useContext, useSyncExternalStore } from 'react';
import {
  CONSENT_COOKIE,
  CONSENT_STORAGE_KEY,
  consentAllows,
  consentSecondsLeft,
  parseConsent,
  serializeConsent,
  type ConsentChoice,
  type ConsentLevel,
} from '@ventanilla/domain';
import { ServerRenderContext } from '../lib/server-render';
import { closeConsentSettings } from './consent-settings';

type Snapshot = { state: 'unknown' } | { state: 'none' } | { state: 'chosen'; choice: ConsentChoice };

const UNKNOWN: Snapshot = { state: 'unknown' };
const NONE: Snapshot = { state: 'none' };
let current: Snapshot | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readCookie(): string | null {
  if (typeof document === 'undefined') return null;
  for (const pair of document.cookie.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name !== CONSENT_COOKIE) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

/** The consent cookie, for as long as the choice itself is valid. */
function writeCookie(choice: ConsentChoice): void {
  try {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    const maxAge = consentSecondsLeft(choice, new Date());
    document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(choice))}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
  } catch {
    // Cookies refused: the server asks again on the next page; the stored choice still closes the banner.
  }
}

function read(): Snapshot {
  let stored: string | null;
  try {
    stored = storage()?.getItem(CONSENT_STORAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  const now = new Date();
  const cookie = readCookie();
  const choice = parseConsent(stored, now) ?? parseConsent(cookie, now);
  if (!choice) return NONE;
  // A choice made before the cookie existed (or a cookie the browser dropped): the server learns it from now on.
  if (cookie !== serializeConsent(choice)) writeCookie(choice);
  return { state: 'chosen', choice };
}

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): Snapshot {
  current ??= read();
  return current;
}

/** The choice now (null: none made yet, or the stored one expired or is of an older policy). */
export function currentConsent(): ConsentChoice | null {
  const s = snapshot();
  return s.state === 'chosen' ? s.choice : null;
}

/** Whether storage of a level may be written now (outside React, e.g. before writing to localStorage). */
export function consentGiven(level: ConsentLevel): boolean {
  return consentAllows(currentConsent(), level);
}

/** Stores a choice (the record itself is strictly necessary) and closes the settings. */
export function saveConsent(choice: ConsentChoice): void {
  try {
    storage()?.setItem(CONSENT_STORAGE_KEY, serializeConsent(choice));
  } catch {
    // Storage refused (private mode, quota): the cookie, or this page alone, holds the choice.
  }
  writeCookie(choice);
  current = { state: 'chosen', choice };
  emit();
  closeConsentSettings();
}

/**
 * The choice as components see it. While the page is server-rendered or hydrated: what the server assumed (it asked:
 * none; otherwise unknown, and nothing shows), so the markup is the server's; then the browser's record.
 */
export function useConsent(): Snapshot {
  const { consentAsked } = useContext(ServerRenderContext);
  return useSyncExternalStore(subscribe, snapshot, () => (consentAsked ? NONE : UNKNOWN));
}
