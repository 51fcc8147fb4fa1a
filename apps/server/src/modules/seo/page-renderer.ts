// The web app's server render (apps/web/src/entry-server.tsx, built into apps/web/dist-ssr/entry-server.js), loaded
// once at boot. The shapes below are the contract with that module; the catalogue answers are the API's own JSON.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export interface SsrData {
  storeId: number;
  language: string;
  store: unknown;
  categories?: unknown;
  category?: { urlKey: string; data: unknown };
  product?: { urlKey: string; data: unknown };
  /** The start page's most ordered products (GET /api/stores/{store}/popular's answer). */
  popular?: unknown;
  /** The catalogue search's page: the query and GET /api/stores/{store}/search's answer for it. */
  search?: { query: string; data: unknown };
  /** A wizard step's page: the product's evaluation with no answers (the evaluate endpoint's own answer). */
  evaluation?: { urlKey: string; data: unknown };
  /** A signed-in customer's own page (checkout): GET /api/session of that session; else the public stand-in. */
  session?: unknown;
  /** GET /api/cart of that session (a customer's checkout). */
  cart?: unknown;
  /** GET /api/stores/{store}/payment-methods (a customer's checkout). */
  paymentMethods?: unknown;
  /** GET /api/stores/{store}/seller: who sells (the legal pages read it). */
  seller?: unknown;
  notFound: boolean;
  /** No cookie choice came with the request: the page carries the cookie dialog. */
  consentAsked?: boolean;
  /** The page is hydrated as islands: its state carries what the frame reads, not its content's answers. */
  islands?: boolean;
}

export interface PageRenderer {
  render(
    pathname: string,
    data: SsrData,
  ): Promise<{ html: string; meta: { title?: string; description?: string }; state: unknown }>;
  isKnownAddress(pathname: string): boolean;
  /** The state (query cache) of a page the browser renders itself, seeded with `data`; no markup. */
  pageState?(data: SsrData): unknown;
}

function isRenderer(value: unknown): value is PageRenderer {
  const m = value as Partial<PageRenderer> | null;
  return !!m && typeof m.render === 'function' && typeof m.isKnownAddress === 'function';
}

/**
 * Loads the render module, or null when there is none (the web app not built: pages are then the bare app shell with
 * the store's language and title). A module that is there but broken stops the boot: better than silently serving
 * empty pages to search engines.
 */
export async function loadPageRenderer(file: string): Promise<PageRenderer | null> {
  if (!existsSync(file)) return null;
  const loaded: unknown = await import(pathToFileURL(file).href);
  if (!isRenderer(loaded)) throw new Error(`${file} does not export render() and isKnownAddress()`);
  return loaded;
}
