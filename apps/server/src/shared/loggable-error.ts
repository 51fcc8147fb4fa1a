/**
 * What a log line keeps of an error: never the values of a failed query. Drizzle's "Failed query: ... params: ..."
 * carries customers' answers (and PostgreSQL's own messages quote the offending value), so the parameters are cut
 * from the message and the stack, quoted values in database messages are masked and a database error's `detail`
 * (which repeats the row's values) is left out; codes, tables, columns and constraints stay for debugging.
 */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function loggableError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const e = err as Error & Record<string, unknown>;
  const database = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && 'severity' in e;
  const clean = (text: string) => {
    const withoutParams = text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [not logged]');
    return database ? withoutParams.replace(/"(?:[^"\n]|"")*"/g, '"…"') : withoutParams;
  };
  const out: LoggedError = { type: e.name, message: clean(e.message), stack: clean(e.stack ?? '') };
  for (const key of ['code', 'statusCode', 'table', 'column', 'constraint', 'routine'] as const) {
    if (e[key] !== undefined) out[key] = e[key];
  }
  if (e.cause !== undefined && depth < 5) out.cause = loggableError(e.cause, depth + 1);
  return out;
}
