import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useT } from '../shared/i18n';
import { updateServiceWorker } from '../shared/pwa/service-worker';
import { Alert, Button, Spinner } from '../shared/ui';

// Screens load on demand, each in its own chunk (the shop's entry stays small: npm run bench:bundle). A chunk that
// fails to load is usually one of an older build that a deploy removed: the page then empties the caches and reloads
// once (new index.html, new chunk names); if the fresh page fails again, the screen says so and offers a retry.

const RELOADED_KEY = 'ventanilla.chunkReload';

function reloadedAlready(): boolean {
  try {
    return window.sessionStorage.getItem(RELOADED_KEY) !== null;
  } catch {
    return true; // without storage we cannot tell: never risk a reload loop
  }
}

/** A chunk loaded: a later failure (after the next deploy) may reload again. */
function chunkLoaded(): void {
  try {
    window.sessionStorage.removeItem(RELOADED_KEY);
  } catch {
    // ignore
  }
}

/** Clears the Cache Storage and reloads the page, once per failure streak; false when it already did. */
export function recoverFromChunkError(): boolean {
  if (typeof window === 'undefined' || reloadedAlready()) return false;
  try {
    window.sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  } catch {
    return false;
  }
  const clear =
    'caches' in window ? caches.keys().then((keys) => Promise.all(keys.map((k) => caches.delete(k)))) : null;
  // The service worker's caches are among them (public/sw.js): the reload fetches everything afresh, and the worker
  // itself is asked for a newer sw.js.
  void Promise.all([clear, updateServiceWorker()])
    .catch(() => undefined)
    .finally(() => window.location.reload());
  return true;
}

/** A screen's chunk did not load (network, or a chunk name of an older build). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** A lazily loaded screen; `preload()` starts loading its chunk early (the boot does it for the first page). */
export type LazyScreen<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

type PropsOf<T> = T extends ComponentType<infer P extends object> ? P : never;

/**
 * A chunk of screens: `const shop = lazyModule(() => import('./screens/catalog'))`, then `shop.screen('ProductRoute')`.
 * The chunk loads once, on the first render of any of its screens; once it is there, its other screens render at once
 * (React.lazy gets an already-settled thenable and does not suspend again).
 */
export function lazyModule<M>(load: () => Promise<M>) {
  let loaded: { module: M } | null = null;
  let loading: Promise<M> | null = null;
  const preload = (): Promise<M> => {
    loading ??= load()
      .then((module) => {
        // Vite resolves a failed import to undefined when its vite:preloadError event was handled (below).
        if (module === undefined || module === null) throw new ChunkLoadError('a chunk of screens did not load');
        loaded = { module };
        chunkLoaded();
        return module;
      })
      .catch((error: unknown) => {
        loading = null; // a retry asks the network again
        throw error instanceof ChunkLoadError
          ? error
          : new ChunkLoadError('a chunk of screens did not load', { cause: error });
      });
    return loading;
  };
  function screen<K extends keyof M>(name: K): LazyScreen<PropsOf<M[K]>> {
    const component = lazy(() => {
      if (loaded !== null) {
        const module = loaded.module;
        const settled = {
          then: (resolve: (m: { default: ComponentType<object> }) => void) =>
            resolve({ default: module[name] as ComponentType<object> }),
        };
        return settled as unknown as Promise<{ default: ComponentType<object> }>;
      }
      return preload().then((m) => ({ default: m[name] as ComponentType<object> }));
    });
    return Object.assign(component, { preload }) as unknown as LazyScreen<PropsOf<M[K]>>;
  }
  return { preload, screen };
}

interface BoundaryState {
  error: unknown;
}

/**
 * Catches a screen whose chunk could not load (reloading once first), then shows an error with a retry. Any other
 * error goes on up, as it did before screens were lazy.
 */
class ChunkErrorBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (error instanceof ChunkLoadError) recoverFromChunkError();
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (error instanceof ChunkLoadError) return this.props.fallback;
    throw error;
  }
}

function ChunkError() {
  const t = useT();
  return (
    <>
      <Alert title={t('chunk.failedTitle')}>{t('chunk.failedBody')}</Alert>
      <Button type="button" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </Button>
    </>
  );
}

/** Where lazy screens render: a loading state while the chunk arrives, an error state if it cannot. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  return (
    <ChunkErrorBoundary fallback={<ChunkError />}>
      <Suspense fallback={<Spinner />}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}

if (typeof window !== 'undefined') {
  // Vite's own event when a lazy chunk's CSS or preloaded dependencies fail: same recovery.
  window.addEventListener('vite:preloadError', (event) => {
    if (recoverFromChunkError()) event.preventDefault();
  });
}
