// What the shop's frame needs of the cookie choice (it is in the entry): whether this page asks for one and whether
// the footer's "Cookie settings" are open. Whether a page asks is the server's answer (`<html data-consent>`, from the
// consent cookie it received): a page that asks carries the banner in its markup. The choice itself (reading it,
// storing it, checking a level) is consent-store.ts, loaded with the banner and with the screens that need it.
import { useSyncExternalStore } from 'react';

let settingsOpen = false;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the page asks for a cookie choice: the server saw no valid one ("ask"), or did not say (a page it did not
 * assemble: the banner's own code then looks at the browser's storage). False only when the server saw one.
 */
export function pageAsksConsent(): boolean {
  return typeof document === 'undefined' || document.documentElement.dataset['consent'] !== 'given';
}

/** The footer's "Cookie settings": reopens the banner at any time. */
export function openConsentSettings(): void {
  settingsOpen = true;
  emit();
}

export function closeConsentSettings(): void {
  settingsOpen = false;
  emit();
}

export function useConsentSettingsOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => settingsOpen,
    () => false,
  );
}
