import type { AnchorHTMLAttributes, Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An address of the app (a path, or a path with its query and hash). */
  to: To;
  /** Replace the current history entry instead of adding one (by default only when the address is the same). */
  replace?: boolean;
  /** History state for the page the link leads to (`useLocation().state`). */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link to a page of the app: a real `href` (a new tab, a copy, a page without JavaScript), and on a plain click the
 * router's navigation (React Router's own click handling: modifier keys, other targets and other buttons are left to
 * the browser). React Router's `<Link>` also carries its framework mode's prefetching, which this app does not use
 * and which cost about 2 KB gzip in the shop's entry (npm run bench:bundle); lint keeps its import out.
 */
export function Link({ to, replace, state, target, onClick, ref, ...props }: LinkProps) {
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
