/** Only same-site paths are accepted as a post-login destination ("/orders", not "//evil.example" or "https:..."). */
export function safeNextPath(next: string | null | undefined, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}

/** The login address that brings the user back to `path` afterwards. */
export function loginPath(path: string, base = '/customer/authenticate'): string {
  return `${base}?next=${encodeURIComponent(path)}`;
}
