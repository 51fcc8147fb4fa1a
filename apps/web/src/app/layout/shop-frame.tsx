import { Suspense, type ComponentType, type ReactNode } from 'react';
// Not shared/auth's index: its sign-in and logout screens need the router, which a page of islands goes without.
import { useStoreInfo, useUser } from '../../shared/auth/session';
import { cartCount, useCart } from '../../shared/cart/use-cart';
import { useT } from '../../shared/i18n';
import { queryKeys } from '../../shared/lib/query-keys';
import { useUnreadNotifications } from '../../shared/notifications/use-unread';
import { Link, NavLink, SkipLink } from '../../shared/ui';
import { lazyModule, RouteBoundary } from '../lazy-route';
import { CookieConsentSlot } from './cookie-consent-slot';
import { SiteFooter } from './site-footer';
import './layout.css';

// Only a customer's session can be an impersonation: its banner is a chunk loaded for customers alone (a failed
// load is handled as any screen's: reload once, then the error; lazy-route.tsx).
const ImpersonationBanner = lazyModule(() => import('./impersonation-banner')).screen('ImpersonationBanner');

/**
 * The queries the frame renders from on the server (the session, the store's name, a visitor's cart): all a page
 * hydrated as islands carries in its state, since its content is never rendered in the browser (entry-server.tsx).
 * One left out would make the frame's hydration differ from the server's markup (e2e: no console error).
 */
const FRAME_QUERY_ROOTS: ReadonlySet<unknown> = new Set([
  queryKeys.session[0],
  queryKeys.store(0)[0],
  queryKeys.cart[0],
]);

/** Whether a query is one the frame renders from (its key's first part). */
export function isFrameQuery(queryKey: readonly unknown[]): boolean {
  return FRAME_QUERY_ROOTS.has(queryKey[0]);
}

/** The header's link to the notifications, with how many are unread (the badge) in its accessible name. */
function NoticesLink() {
  const t = useT();
  const unread = useUnreadNotifications(true).data ?? 0;
  return (
    <NavLink to="/avisos">
      {unread > 0 ? (
        <>
          <span aria-hidden="true">
            {t('notices.title')} <span className="site-nav__badge">{unread}</span>
          </span>
          <span className="visually-hidden">{t('notices.navWithCount', { count: unread })}</span>
        </>
      ) : (
        t('notices.title')
      )}
    </NavLink>
  );
}

/**
 * Header, <main id="main"> and footer of the shop and the customer panel, around `children`; or, for a page hydrated
 * as islands (islands.tsx), around the server's markup of its <main> (`staticMain`: kept as it is, never hydrated).
 */
export function ShopFrame({ children, staticMain }: { children?: ReactNode; staticMain?: string }) {
  const t = useT();
  const user = useUser();
  const store = useStoreInfo();
  const cart = useCart();
  const count = cartCount(cart.data);

  return (
    <>
      <SkipLink />
      {/* Staff logged in as a customer see their banner first: sticky at the top, it is never below a tall cookie
          banner that the page has been scrolled to (opening the cookie settings focuses its heading). */}
      {user?.role === 'customer' ? (
        <Suspense fallback={null}>
          <ImpersonationBanner />
        </Suspense>
      ) : null}
      {/* Then the cookie banner: in the page's flow, it covers nothing (GOV.UK's banner). */}
      <CookieConsentSlot />
      <header className="site-header">
        <div className="page-container site-header__inner">
          <Link to="/" className="site-header__brand">
            {store.data?.name ?? t('app.name')}
          </Link>
          <nav className="site-nav" aria-label={t('nav.main')}>
            <ul>
              <li>
                <NavLink to="/tienda/servicios">{t('nav.catalogue')}</NavLink>
              </li>
              <li>
                <NavLink to="/tienda/cart">{count > 0 ? t('nav.cartWithCount', { count }) : t('nav.cart')}</NavLink>
              </li>
              {user ? (
                <>
                  <li>
                    <NavLink to="/orders">{t('nav.orders')}</NavLink>
                  </li>
                  <li>
                    <NoticesLink />
                  </li>
                  <li>
                    <Link to="/logout">{t('nav.logout')}</Link>
                  </li>
                </>
              ) : (
                <li>
                  <NavLink to="/customer/authenticate">{t('nav.login')}</NavLink>
                </li>
              )}
            </ul>
          </nav>
        </div>
      </header>
      {staticMain === undefined ? (
        <main id="main" className="page-container main" tabIndex={-1}>
          {children}
        </main>
      ) : (
        <main
          id="main"
          className="page-container main"
          tabIndex={-1}
          // The server's markup of the page's content, as it came: React leaves an element's inner HTML alone.
          dangerouslySetInnerHTML={{ __html: staticMain }}
          suppressHydrationWarning
        />
      )}
      <SiteFooter storeName={store.data?.name ?? t('app.name')} />
    </>
  );
}

/**
 * A page hydrated as islands (islands.tsx): the frame around its content's own island (`content`: the cart's), or
 * around the server's markup of its content (`staticMain`), in the boundaries the app's routes sit in (router.tsx,
 * shop-layout.tsx), whose markers the server's markup holds.
 */
export function IslandsFrame({ content: Content, staticMain }: { content?: ComponentType; staticMain?: string }) {
  return (
    <RouteBoundary>
      {Content ? (
        <ShopFrame>
          <RouteBoundary>
            <Content />
          </RouteBoundary>
        </ShopFrame>
      ) : (
        <ShopFrame staticMain={staticMain} />
      )}
    </RouteBoundary>
  );
}
