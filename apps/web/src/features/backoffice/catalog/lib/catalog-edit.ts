// Pure helpers of the catalogue editing pages (no React): price input, JSON parsing and where a problem is in it.
import { cents, formatMoneyString, parseTypedMoney } from '@ventanilla/domain';

/** The highest price the catalogue takes: 999,999.99 (the server's limit). */
const MAX_PRICE = cents(99_999_999);

/** A price as the back office types it ("25.12", "25,12" or "25") in the API's form ("25.12"); null when not one. */
export function normalisePrice(input: string): string | null {
  const amount = parseTypedMoney(input, MAX_PRICE);
  return amount === null ? null : formatMoneyString(amount);
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; message: string; offset: number | null };

/** JSON.parse with the position of the syntax error, when the engine names one ("at position 12"). */
export function parseJson(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /position (\d+)/.exec(message);
    return { ok: false, message, offset: at ? Number(at[1]) : null };
  }
}

/**
 * Where a problem points in the form's JSON text: the option it names (`"option_id": 5`), else the first key of its
 * path (`conditions_to_exit`); null when neither is found.
 */
export function locateProblem(
  text: string,
  problem: { option_id?: number; path?: string },
): { start: number; end: number } | null {
  const optionId = problem.option_id ?? optionInPath(problem.path);
  if (optionId !== undefined) {
    const match = new RegExp(`"option_id"\\s*:\\s*${optionId}\\b`).exec(text);
    if (match) return { start: match.index, end: match.index + match[0].length };
  }
  const key = /^\/?([a-z_]+)/.exec(problem.path ?? '')?.[1];
  if (key) {
    const index = text.indexOf(`"${key}"`);
    if (index >= 0) return { start: index, end: index + key.length + 2 };
  }
  return null;
}

function optionInPath(path: string | undefined): number | undefined {
  const match = /^options\[(\d+)\]/.exec(path ?? '');
  return match ? Number(match[1]) : undefined;
}
