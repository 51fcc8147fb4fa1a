// The visitor's cookie choice in the browser (packages/domain consent rules): read once, kept in localStorage under
// a versioned, dated record, shared by every component through useSyncExternalStore. The server render knows no
// choice ("unknown"), so the banner appears only after hydration and the markup always matches.
import { useSyncExternalStore } from 'react';
import {
  CONSENT_STORAGE_KEY,
  consentAllows,
  parseConsent,
  serializeConsent,
  type ConsentChoice,
  type ConsentLevel,
} from '@ventanilla/domain';

type Snapshot = { state: 'unknown' } | { state: 'none' } | { state: 'chosen'; choice: ConsentChoice };

const UNKNOWN: Snapshot = { state: 'unknown' };
let current: Snapshot | null = null;
let settingsOpen = false;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(): Snapshot {
  let raw: string | null;
  try {
    raw = storage()?.getItem(CONSENT_STORAGE_KEY) ?? null;
  } catch {
    raw = null;
  }
  const choice = parseConsent(raw, new Date());
  return choice ? { state: 'chosen', choice } : { state: 'none' };
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
    // Storage refused (private mode, quota): the choice holds for this page only.
  }
  current = { state: 'chosen', choice };
  settingsOpen = false;
  emit();
}

/** The footer's "Cookie settings": reopens the dialog at any time. */
export function openConsentSettings(): void {
  settingsOpen = true;
  emit();
}

export function closeConsentSettings(): void {
  settingsOpen = false;
  emit();
}

export function useConsent(): Snapshot {
  return useSyncExternalStore(subscribe, snapshot, () => UNKNOWN);
}

export function useConsentSettingsOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => settingsOpen,
    () => false,
  );
}
