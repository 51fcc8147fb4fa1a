import { Suspense, useContext } from 'react';
import { pageAsksConsent, useConsentSettingsOpen } from '../../shared/consent/consent-settings';
import { ServerRenderContext } from '../../shared/lib/server-render';
import { lazyModule } from '../lazy-route';

// The cookie banner is a chunk of its own, out of the shop's entry (npm run bench:bundle), with the code that reads and
// stores the choice. A page that asks (the server saw no choice: `<html data-consent="ask">`) has the banner in its
// server markup and names the chunk in its head; a page that does not ask loads it only if the footer's "Cookie
// settings" open it.
const consentDialog = lazyModule(() => import('../../features/consent/cookie-consent'));
const CookieConsent = consentDialog.screen('CookieConsent');

/** At boot: the banner's chunk when the page asks for a choice, settled either way (the render reports a failure). */
export function preloadCookieConsent(): Promise<unknown> | null {
  return pageAsksConsent() ? consentDialog.preload().catch(() => undefined) : null;
}

/** Where the banner goes (the top of the page): while the page asks for a choice (the banner decides, by the choice stored) or the settings are open. */
export function CookieConsentSlot() {
  const { consentAsked } = useContext(ServerRenderContext);
  const settingsOpen = useConsentSettingsOpen();
  if (!consentAsked && !settingsOpen) return null;
  return (
    <Suspense fallback={null}>
      <CookieConsent />
    </Suspense>
  );
}
