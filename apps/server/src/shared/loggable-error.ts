/**
 * What a log line keeps of an error: never the values of a failed query, nor a secret the message names. Drizzle's "Failed query: ... params: ..."
 * carries customers' answers (and PostgreSQL's own messages quote the offending value), so the parameters are cut
 * from the message and the stack, quoted values in database messages are masked and a database error's `detail`
 * (which repeats the row's values) is left out; codes, tables, columns and constraints stay for debugging. Only
 * those properties are kept (an error's other properties may hold anything), and messages are masked by maskSecrets.
 */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function loggableError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: maskSecrets(String(err)), stack: '' };
  const e = err as Error & Record<string, unknown>;
  const database = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && 'severity' in e;
  const clean = (text: string) => {
    const withoutParams = text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [not logged]');
    return maskSecrets(database ? withoutParams.replace(/"(?:[^"\n]|"")*"/g, '"…"') : withoutParams);
  };
  const out: LoggedError = { type: e.name, message: clean(e.message), stack: clean(e.stack ?? '') };
  for (const key of ['code', 'statusCode', 'table', 'column', 'constraint', 'routine'] as const) {
    if (e[key] !== undefined) out[key] = e[key];
  }
  if (e.cause !== undefined && depth < 5) out.cause = loggableError(e.cause, depth + 1);
  return out;
}

/** The logger's serializers (Fastify's pino): an `err` is logged as loggableError makes it. */
export const LOG_SERIALIZERS = { err: (err: unknown) => loggableError(err) };

// Payment providers' object ids and secrets (Stripe's pm_, tok_, sk_..., the sandbox's pm_ tokens).
const PROVIDER_TOKEN = /\b(pm|tok|card|src|pi|seti|ch|cus|sk|pk|rk|whsec)_[A-Za-z0-9]{6,}/g;
// A card number, with or without separators.
const CARD_NUMBER = /\b\d(?:[ -]?\d){11,18}\b/g;
// "ending 4242", "last4=4242", "**** 4242": the digits a card is shown by.
const LAST_DIGITS = /\b(ending(?: in)?|last[ _-]?(?:4|four)(?: digits)?|terminada en|\*{2,}|•{2,})(\W{0,3})\d{4}\b/gi;
// A value named by its key: password=..., "token": "...", secret: ..., answer: ...
const NAMED_SECRET =
  /\b(pass(?:word|wd)?|pwd|secret|token|api[_-]?key|authorization|cookie|cvc|cvv|pan|card[_ ]?number|answers?)("?\s*[:=]\s*|\s+)("[^"]*"|'[^']*'|[^\s,;)}\]]+)/gi;

/**
 * Masks what an error's text must not carry into the logs: provider tokens, card numbers and their last digits, and
 * the values of passwords, secrets, tokens and form answers named in it.
 */
export function maskSecrets(text: string): string {
  return text
    .replace(PROVIDER_TOKEN, '$1_…')
    .replace(CARD_NUMBER, '…')
    .replace(LAST_DIGITS, '$1$2…')
    .replace(NAMED_SECRET, '$1$2…');
}
