import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side navigation, start the user at the top of the new page: scroll up and move focus to the
 * page's <h1> (or to <main> until the heading has loaded), as a full page load would for screen reader users.
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Moving between back-office tabs with the arrow keys keeps focus in the tab strip.
    if (document.activeElement?.closest('[role="tablist"]')) return;
    window.scrollTo(0, 0);
    const main = document.getElementById('main');
    if (!main) return;
    const focusHeading = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      const focusIsFree =
        document.activeElement === document.body || document.activeElement === main || !document.activeElement;
      if (!heading || !focusIsFree) return false;
      heading.focus({ preventScroll: true });
      return true;
    };
    main.focus({ preventScroll: true });
    if (focusHeading()) return;
    // The heading often arrives with the page's data: wait for it a little while.
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), 4000);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);
}
