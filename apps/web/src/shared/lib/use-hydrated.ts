import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while a page is rendered on the server and while the browser hydrates that markup; true in every other render
 * (React renders again with true right after hydrating). What only the browser knows (its storage, its address's query,
 * history state) is read when this is true, so the hydrating render is the server's: no mismatch (React error 418).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
