import { createContext, useContext } from 'react';

/** What a page says about itself while it is rendered on the server: its <title> and meta description. */
export interface PageMeta {
  title?: string;
  description?: string;
}

interface ServerRenderValue {
  /** Filled during a server render (entry-server.tsx); null in the browser, where the hooks set the document instead. */
  meta: PageMeta | null;
  /** The address the server answered 404 for: its page shows "not found" at once instead of waiting for a fetch. */
  notFoundPath: string | null;
  /**
   * The page asks for a cookie choice (the server saw none): its markup holds the cookie dialog, which the browser's
   * first render (the hydration) must hold too, whatever the browser's storage says (consent-store.ts).
   */
  consentAsked: boolean;
  /**
   * Filled during a server render with every text key the page translated: the page carries those texts, so the
   * browser hydrates it without the language's whole catalogue (ssr-state.ts). Null in the browser.
   */
  textKeys?: Set<string> | null;
}

export const ServerRenderContext = createContext<ServerRenderValue>({
  meta: null,
  notFoundPath: null,
  consentAsked: false,
  textKeys: null,
});

/** The collector of the page's title and description during a server render (null in the browser). */
export function useServerMeta(): PageMeta | null {
  return useContext(ServerRenderContext).meta;
}
