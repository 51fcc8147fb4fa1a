// The app's navigation for the shared links (link.tsx): React Router's. Kept out of shared/ui's index so that what
// imports the library without the router (a page hydrated as islands) does not carry it.
import { useHref, useLinkClickHandler, useLocation, useNavigate } from 'react-router';
import type { LinkNavigation, LinkProps } from './link';

/**
 * A link on the router: a real `href`, and on a plain click the router's navigation (React Router's own click
 * handling: modifier keys, other targets and other buttons are left to the browser). React Router's `<Link>` also
 * carries its framework mode's prefetching, which this app does not use and which cost about 2 KB gzip in the shop's
 * entry (npm run bench:bundle); lint keeps its import out.
 */
function RouterLink({ to, replace, state, target, onClick, ref, ...props }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  return (
    <a
      {...props}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

function useRouterPathname(): string {
  return useLocation().pathname;
}

function useRouterNavigate(): (to: string) => void {
  const navigate = useNavigate();
  return (to) => void navigate(to);
}

/** Links and navigation on React Router (inside its `<Router>`): `LinkNavigationContext`'s value in the app. */
export const routerNavigation: LinkNavigation = {
  Link: RouterLink,
  usePathname: useRouterPathname,
  useNavigate: useRouterNavigate,
};
