import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The chunks a page needs beyond the entry, named in its <head> so the browser fetches them with the entry instead of
// after it: the store's language texts on every page, for a server-rendered page the screens it shows with their
// stylesheet (without it the server's markup would show unstyled until the chunk arrives), for the cart and checkout
// their own screens, and the cookie dialog where the page asks for a choice. Read from Vite's manifest
// (apps/web/dist/.vite/manifest.json); without one, pages simply name nothing. The API answers a client-rendered page
// waits for are named too (`data`).

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * How a page uses what it names: `markup`, it carries the server's markup (the stylesheets hold the first paint; the
 * scripts only make the page interactive, so they come after the page's content: `fetchpriority="low"`); `client`, the
 * browser renders it (the scripts are what it waits for; the stylesheets are fetched early and applied with them).
 */
export type PreloadMode = 'markup' | 'client';

export interface PagePreloads {
  /** `<link>` tags for the language's chunk. */
  language(language: string, mode: PreloadMode): string;
  /** `<link>` tags for the catalogue screens' chunks and stylesheets (always server-rendered). */
  catalogue(): string;
  /** `<link>` tags for a chunk of screens (app/screens/{name}.ts). */
  screens(name: ClientScreens, mode: PreloadMode): string;
  /**
   * `<link>` tags for the cookie dialog's chunk, on pages that ask for a choice (the dialog covers the page, its
   * largest paint; in the markup of a server-rendered page).
   */
  consent(mode: PreloadMode): string;
  /** The catalogue screens' stylesheets alone (a page hydrated as islands shows their markup, runs none of them). */
  catalogueStyles(): string;
  /**
   * The islands' entry (apps/web/src/islands.tsx; docs/decisions/0028-home-page-islands.md): its module script and
   * the chunks it imports (modulepreload), with their stylesheets; with `content`, the chunk of the island that
   * hydrates the page's content too (the cart's: its markup needs its stylesheets, the entry loads its scripts before
   * hydrating); null when the build has none.
   */
  islands(content?: ContentIsland): string | null;
}

/** The pages whose content has an island of its own (apps/web/src/islands.tsx `CONTENT_ISLANDS`). */
export type ContentIsland = 'cart';

/** The chunks of screens only the browser renders whose pages name them (wizard steps; cart and checkout). */
export type ClientScreens = 'wizard' | 'checkout';

/** Same-origin GETs the page's first render waits for (fixed paths of our own API, never from the request). */
const DATA_PATHS = new Set(['/api/session', '/api/cart']);

/**
 * `<link rel="preload" as="fetch" crossorigin>` for API answers the page's first render needs: fetched with the
 * document instead of after the entry has run. `crossorigin` (anonymous: CORS mode, same-origin credentials) is what
 * the app's own `fetch(path, { credentials: 'same-origin' })` uses, so the browser hands it the preloaded answer.
 */
export function dataPreloads(paths: readonly string[]): string {
  return paths
    .filter((p) => DATA_PATHS.has(p))
    .map((p) => `<link rel="preload" as="fetch" crossorigin href="${p}">`)
    .join('');
}

const LANGUAGE_SOURCE = (language: string) => `src/shared/i18n/${language}.ts`;
const CATALOGUE_SOURCE = 'src/app/screens/catalog.ts';
const SCREENS_SOURCE = (name: ClientScreens) => `src/app/screens/${name}.ts`;
const CONSENT_SOURCE = 'src/features/consent/cookie-consent.tsx';
const ISLANDS_SOURCE = 'src/islands.tsx';
const CONTENT_ISLAND_SOURCE: Record<ContentIsland, string> = { cart: 'src/app/screens/cart-island.ts' };
const SAFE_FILE = /^assets\/[A-Za-z0-9._-]+\.(js|css)$/;

export function readPagePreloads(distDir: string): PagePreloads {
  const file = path.join(distDir, '.vite', 'manifest.json');
  let manifest: Record<string, ManifestChunk> = {};
  if (existsSync(file)) {
    try {
      manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
    } catch {
      manifest = {};
    }
  }
  // What index.html loads already (the entry and its static imports) is not named twice.
  const inEntry = new Set<string>();
  // The app's entry (index.html), not the islands' one (src/islands.tsx), which only the islands' pages load.
  const entryKey = manifest['index.html']?.isEntry
    ? 'index.html'
    : Object.keys(manifest).find((k) => manifest[k]?.isEntry && k !== ISLANDS_SOURCE);
  const walkEntry = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || inEntry.has(chunk.file)) return;
    inEntry.add(chunk.file);
    for (const css of chunk.css ?? []) inEntry.add(css);
    for (const imported of chunk.imports ?? []) walkEntry(imported);
  };
  if (entryKey) walkEntry(entryKey);

  /**
   * `markup`: the chunk's stylesheets hold the first paint (the server's markup needs them), its scripts are fetched
   * after what the page shows. `client`: the stylesheets are fetched early (`preload as=style`) and applied when the
   * chunk loads (Vite adds them then), so a page the browser renders itself paints its frame without waiting for
   * another screen's styles; the scripts at the browser's usual priority.
   */
  const links = (key: string, mode: PreloadMode): string => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const walk = (k: string) => {
      const chunk = manifest[k];
      if (!chunk || scripts.has(chunk.file)) return;
      if (!inEntry.has(chunk.file)) scripts.add(chunk.file);
      for (const css of chunk.css ?? []) if (!inEntry.has(css)) styles.add(css);
      for (const imported of chunk.imports ?? []) walk(imported);
    };
    walk(key);
    const safe = (f: string) => SAFE_FILE.test(f);
    const markup = mode === 'markup';
    return [
      ...[...styles]
        .filter(safe)
        .map((f) =>
          markup
            ? `<link rel="stylesheet" crossorigin href="/${f}">`
            : `<link rel="preload" as="style" crossorigin href="/${f}">`,
        ),
      ...[...scripts]
        .filter(safe)
        .map((f) =>
          markup
            ? `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${f}">`
            : `<link rel="modulepreload" crossorigin href="/${f}">`,
        ),
    ].join('');
  };
  const cache = new Map<string, string>();
  const memo = (key: string, mode: PreloadMode) => {
    const id = `${mode}:${key}`;
    let hit = cache.get(id);
    if (hit === undefined) cache.set(id, (hit = links(key, mode)));
    return hit;
  };
  /** The islands' entry: its script (after the page's content, as the app's), its static imports, their styles. */
  const islands = (content?: ContentIsland): string | null => {
    const entry = manifest[ISLANDS_SOURCE];
    if (!entry?.isEntry || !SAFE_FILE.test(entry.file)) return null;
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const walk = (k: string) => {
      const chunk = manifest[k];
      if (!chunk || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const imported of chunk.imports ?? []) walk(imported);
    };
    walk(ISLANDS_SOURCE);
    // The content's island is a chunk the entry imports dynamically: named here, it comes with the entry.
    if (content) walk(CONTENT_ISLAND_SOURCE[content]);
    scripts.delete(entry.file);
    const safe = (f: string) => SAFE_FILE.test(f);
    return [
      `<script type="module" fetchpriority="low" crossorigin src="/${entry.file}"></script>`,
      ...[...scripts]
        .filter(safe)
        .map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${f}">`),
      ...[...styles].filter(safe).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ].join('');
  };
  const islandsHead = islands();
  const cartIslandHead = islands('cart');
  const catalogueStyles = memo(CATALOGUE_SOURCE, 'markup').replace(/<link rel="modulepreload"[^>]*>/g, '');
  return {
    catalogueStyles: () => catalogueStyles,
    islands: (content) => (content === 'cart' ? cartIslandHead : islandsHead),
    language: (language, mode) => (/^[a-z]{2}$/.test(language) ? memo(LANGUAGE_SOURCE(language), mode) : ''),
    catalogue: () => memo(CATALOGUE_SOURCE, 'markup'),
    screens: (name, mode) => (name === 'wizard' || name === 'checkout' ? memo(SCREENS_SOURCE(name), mode) : ''),
    consent: (mode) => memo(CONSENT_SOURCE, mode),
  };
}
