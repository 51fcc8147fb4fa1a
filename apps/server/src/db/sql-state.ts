/** PostgreSQL's error codes the services act on (SQLSTATE, https://www.postgresql.org/docs/current/errcodes-appendix.html). */
export const SQL_STATE = {
  uniqueViolation: '23505',
  /** "current transaction is aborted": what a statement sent behind a failed one in the transaction gets. */
  inFailedTransaction: '25P02',
} as const;

/**
 * PostgreSQL's SQLSTATE of an error, however wrapped (Drizzle keeps the driver's error as its `cause`): the first
 * five-character code on the chain, or undefined.
 */
export function sqlState(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique index refused the row (two requests at once, or a duplicate). */
export function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === SQL_STATE.uniqueViolation;
}
