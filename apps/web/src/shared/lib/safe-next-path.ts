/** Browsers drop tabs and line breaks from URLs ("/\t/evil.example" becomes "//evil.example") and read "\" as "/". */
function hasUnsafeCharacter(path: string): boolean {
  for (const ch of path) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || ch === '\\') return true;
  }
  return false;
}

/**
 * Only same-site paths are accepted as a post-login destination ("/orders", not "//evil.example", "https:..." or
 * anything with control characters or backslashes that a browser would turn into another site).
 */
export function safeNextPath(next: string | null | undefined, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || hasUnsafeCharacter(next)) return fallback;
  return next;
}

/** The login address that brings the user back to `path` afterwards. */
export function loginPath(path: string, base = '/customer/authenticate'): string {
  return `${base}?next=${encodeURIComponent(path)}`;
}
