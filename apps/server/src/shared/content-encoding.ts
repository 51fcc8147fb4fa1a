/** The compressed copies the server keeps of a body or a file: brotli and gzip. */
export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with, from an Accept-Encoding header and the copies there are: brotli before gzip, each
 * only when the header accepts it (by name or `*`, with a q-value above 0); null means the file as it is.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!acceptEncoding || available.length === 0) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (encoding: Encoding) => {
    const named = q.get(encoding) ?? (encoding === 'gzip' ? q.get('x-gzip') : undefined);
    return (named ?? q.get('*') ?? 0) > 0;
  };
  for (const encoding of ['br', 'gzip'] as const) {
    if (available.includes(encoding) && accepts(encoding)) return encoding;
  }
  return null;
}
