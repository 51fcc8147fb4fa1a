import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/** The lowest zxcvbn score (0 to 4) a new password needs: 3 is "safely unguessable" (about 10^8 guesses and more). */
export const PASSWORD_MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: indexing the dictionaries takes a moment, and most callers never check a password. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
}

/** Lower case without accents: "Lucía" and "lucia" are the same guess. */
const plain = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The words an attacker tries first for this account: the e-mail, its local part and the pieces of both, the names
 * and their pieces, each also without accents. Empty pieces and one-letter ones are left out.
 */
export function passwordUserInputs(account: { email?: string; firstname?: string; lastname?: string }): string[] {
  const words = new Set<string>();
  // Each value is trimmed and lower-cased below.
  const email = account.email ?? '';
  const local = email.split('@')[0]!;
  for (const value of [email, local, account.firstname ?? '', account.lastname ?? '']) {
    for (const form of [value.trim().toLowerCase(), plain(value.trim())]) {
      words.add(form);
      for (const piece of form.split(/[^\p{L}\p{N}]+/u)) words.add(piece);
    }
  }
  return [...words].filter((word) => [...word].length > 1);
}

/**
 * The zxcvbn score (0 to 4) of a password, the account's own words counting as a dictionary: repeats (`abababab`),
 * sequences, keyboard walks, dates, common passwords and words, and the user's name or e-mail are all cheap guesses.
 */
export function passwordScore(password: string, userInputs: readonly string[] = []): number {
  const inputs = [...userInputs];
  const score = zxcvbn().check(password, inputs).score;
  // Accents are no secret ("Pérez" is guessed as "perez" too): the weaker of the two spellings counts.
  const unaccented = plain(password);
  if (unaccented === password.toLowerCase()) return score;
  return Math.min(score, zxcvbn().check(unaccented, inputs).score);
}
