import { openConsentSettings } from '../../shared/consent/consent-settings';
import { LEGAL_PAGE_SLUGS } from '@ventanilla/domain';
import { useT } from '../../shared/i18n';
import { APP_VERSION } from '../../shared/pwa/app-version';
import { Link, LinkButton } from '../../shared/ui';

/** The shop's footer: the app version, the legal pages and "Cookie settings" (reopens the cookie banner at any time). */
export function SiteFooter({ storeName }: { storeName: string }) {
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="page-container">
        <p>{t('footer.text', { store: storeName })}</p>
        <p className="site-footer__version">{t('pwa.version', { version: APP_VERSION })}</p>
        <nav aria-label={t('footer.legal')}>
          <ul className="site-footer__links">
            {LEGAL_PAGE_SLUGS.map((slug) => (
              <li key={slug}>
                <Link to={`/legal/${slug}`}>{t(`legal.${slug}`)}</Link>
              </li>
            ))}
            <li>
              <LinkButton onClick={openConsentSettings}>{t('footer.cookieSettings')}</LinkButton>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
