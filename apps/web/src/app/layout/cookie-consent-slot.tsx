import { Suspense } from 'react';
import { currentConsent, useConsent, useConsentSettingsOpen } from '../../shared/consent/consent-store';
import { lazyModule } from '../lazy-route';

// The cookie dialog is a chunk of its own, out of the shop's entry (npm run bench:bundle); the server names it in
// every page's head (modules/seo/page-preloads.ts), so a first visit has it with the entry, and a later one in its
// cache. The entry keeps only the choice (consent-store) and this slot.
const consentDialog = lazyModule(() => import('../../features/consent/cookie-consent'));
const CookieConsent = consentDialog.screen('CookieConsent');

/**
 * At boot: no choice stored yet (or an expired one), so the dialog will show: its chunk, settled either way (a failure
 * is reported by the render); null when no dialog will show.
 */
export function preloadCookieConsent(): Promise<unknown> | null {
  return currentConsent() === null ? consentDialog.preload().catch(() => undefined) : null;
}

/** Where the dialog goes: mounted while no choice is made (first visit) or the footer's settings are open. */
export function CookieConsentSlot() {
  const consent = useConsent();
  const settingsOpen = useConsentSettingsOpen();
  if (consent.state === 'unknown' || (consent.state === 'chosen' && !settingsOpen)) return null;
  return (
    <Suspense fallback={null}>
      <CookieConsent />
    </Suspense>
  );
}
