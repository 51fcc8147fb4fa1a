import { createContext, useContext, type AnchorHTMLAttributes, type ReactNode, type Ref } from 'react';
import type { To } from 'react-router';

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
 * How the app's links and the code that navigates reach another page, given by the page's entry (as React Aria's
 * RouterProvider takes the router's `navigate` and `useHref`): the app (app.tsx) gives the router's, a page
 * hydrated as islands (islands.tsx) full page loads, so that the shared components (the frame, shared/ui) carry no
 * router into its JavaScript (docs/decisions/0028-home-page-islands.md). The hooks are fixed for a tree's lifetime.
 */
export interface LinkNavigation {
  /** Renders a link of the app. */
  Link: (props: LinkProps) => ReactNode;
  /** The path of the page shown (a hook). */
  usePathname: () => string;
  /** A function that goes to an address of the app (a hook). */
  useNavigate: () => (to: string) => void;
}

const goTo = (to: string) => window.location.assign(to);

/**
 * Every navigation a full page load, which the server renders (a page hydrated as islands): links are plain anchors,
 * whose `replace` and `state` a page load has no use for.
 */
export const pageLoadNavigation: LinkNavigation = {
  Link: function PlainLink({ to, replace: _replace, state: _state, ...props }: LinkProps) {
    const href = typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
    return <a {...props} href={href} />;
  },
  usePathname: () => window.location.pathname,
  useNavigate: () => goTo,
};

export const LinkNavigationContext = createContext<LinkNavigation>(pageLoadNavigation);

/**
 * A link to a page of the app: a real `href` (a new tab, a copy, a page without JavaScript), and on a plain click what
 * the page's navigation does (the router's, in the app: see router-navigation.tsx).
 */
export function Link(props: LinkProps) {
  const { Link: NavigationLink } = useContext(LinkNavigationContext);
  return <NavigationLink {...props} />;
}

/** The page's way to go to an address of the app from code (the router's `navigate`, in the app). */
export function useNavigateTo(): (to: string) => void {
  return useContext(LinkNavigationContext).useNavigate();
}
