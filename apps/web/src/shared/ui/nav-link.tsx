import { useContext } from 'react';
import { Link, LinkNavigationContext, type LinkProps } from './link';

/**
 * Whether a navigation link to `to` is for the page at `pathname`: the same address, or (unless `end`) one below it.
 * Case and a trailing slash do not count, as in React Router's NavLink.
 */
export function isCurrentPage(pathname: string, to: string, end = false): boolean {
  const normal = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();
  const here = normal(pathname);
  const target = normal(to);
  return here === target || (!end && target !== '/' && here.startsWith(`${target}/`));
}

/**
 * A link of a navigation that says which one is the page shown (`aria-current="page"`, also what the styles mark).
 * React Router's NavLink does more (an `active` class, pending and view-transition states) that no screen uses, and
 * carried about 0.5 KB gzip of the router into the shop's entry.
 */
export function NavLink({ to, end = false, ...props }: Omit<LinkProps, 'to'> & { to: string; end?: boolean }) {
  const pathname = useContext(LinkNavigationContext).usePathname();
  return <Link {...props} to={to} aria-current={isCurrentPage(pathname, to, end) ? 'page' : undefined} />;
}
