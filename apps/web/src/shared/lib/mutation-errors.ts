// Failed writes, told to whoever listens (the back-office workspace reloads an order refused with 423 ITEM_LOCKED).
// A plain list of listeners: the query client reports, it never navigates or shows messages itself.

type Listener = (error: unknown) => void;
const listeners = new Set<Listener>();

/** Called by the query client for every failed mutation. */
export function reportMutationError(error: unknown): void {
  for (const listener of listeners) listener(error);
}

/** Listens to failed mutations; returns the unsubscribe function. */
export function onMutationError(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
