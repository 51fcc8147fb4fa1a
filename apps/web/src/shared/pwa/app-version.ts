// The version of the app this page loaded (defined by the build: build/app-version.ts) and the rules of the version
// check: GET /version.json first 2 s after the start, then every 24 h; another release there means a newer app.

declare const __APP_VERSION__: string | undefined;
declare const __APP_BUILD__: string | undefined;

/** The release ("2026.11.29", or "0.1.0+7875eef"); "dev" outside a build (Vite's dev server, unit tests). */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
/** The build's id; null outside a build, where there is nothing to compare. */
export const APP_BUILD: string | null = typeof __APP_BUILD__ === 'string' ? __APP_BUILD__ : null;

export const FIRST_CHECK_MS = 2_000;
export const CHECK_EVERY_MS = 24 * 60 * 60 * 1000;

export interface ServerVersion {
  version: string;
  build: string;
  built_at: string;
}

/** The body of /version.json, or null when it is not one (an HTML error page, a proxy's answer, junk). */
export function parseVersionFile(body: unknown): ServerVersion | null {
  if (!body || typeof body !== 'object') return null;
  const { version, build, built_at } = body as Record<string, unknown>;
  if (typeof version !== 'string' || typeof build !== 'string' || typeof built_at !== 'string') return null;
  if (!version || !build || build.length > 64) return null;
  return { version, build, built_at };
}

/**
 * True when the server runs another release than the one loaded (a deploy happened since this page was opened); a
 * rebuild of the same release is not one. Null outside a build, where there is nothing to compare.
 */
export function isUpdateAvailable(loaded: { version: string; build: string | null }, server: ServerVersion | null) {
  return loaded.build !== null && server !== null && server.version !== loaded.version;
}
