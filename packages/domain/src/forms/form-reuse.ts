/** Configuration value meaning "the last form can always be reused". */
export const REUSE_ALWAYS = -1;

/**
 * The spec: the last nota simple form may be reused within a caller-given number of seconds; -1 means always.
 * 0 (or any other negative number) means never. A form saved "in the future" (clock changes) counts as fresh.
 */
export function canReuseLastForm(savedAtMs: number, nowMs: number, windowSeconds: number): boolean {
  if (windowSeconds === REUSE_ALWAYS) return true;
  if (!Number.isFinite(windowSeconds) || windowSeconds <= 0 || !Number.isFinite(savedAtMs)) return false;
  return nowMs - savedAtMs <= windowSeconds * 1000;
}
