import { Suspense } from 'react';
import { currentConsent, useConsent, useConsentSettingsOpen } from '../../shared/consent/consent-store';
import { lazyModule } from '../lazy-route';

// The cookie dialog is a chunk of its own: a visitor who has chosen never downloads it unless they open the
// settings; a first visit starts loading it at boot (preloadCookieConsent), beside the page's own chunks, so it
// shows with the page. The entry keeps only the choice (consent-store) and this slot.
const consentDialog = lazyModule(() => import('../../features/consent/cookie-consent'));
const CookieConsent = consentDialog.screen('CookieConsent');

/** At boot: no choice stored yet (or an expired one), so the dialog will show; fetch its chunk now. */
export function preloadCookieConsent(): void {
  if (currentConsent() === null) consentDialog.preload().catch(() => undefined); // the render reports a failure
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
