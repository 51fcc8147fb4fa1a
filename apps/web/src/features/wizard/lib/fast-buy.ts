import { writeDraft } from './draft-storage';
import { pathsForProduct } from './wizard-paths';

/** The server's pre-filled answers of a fast-buy (GET /api/me/fast-buy/{origin}/{id}/{url_key}). */
export interface FastBuyPrefill {
  url_key: string;
  answers: Record<string, unknown>;
  prefilled: number[];
  start_step: number | null;
}

/**
 * Starts a fast-buy: the server's answers become the product's draft (text answers only, as drafts keep them), every
 * pre-filled question counts as asked, and the wizard opens at the first page with something unanswered (or the
 * check-answers page). Returns the address to open. The cart evaluates the answers again when the line is added.
 */
export function startFastBuy(storeId: number, prefill: FastBuyPrefill): string {
  const paths = pathsForProduct(prefill.url_key);
  const answers = Object.fromEntries(
    Object.entries(prefill.answers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const target = prefill.start_step === null ? paths.confirmation : paths.step(prefill.start_step);
  writeDraft(storeId, prefill.url_key, {
    answers,
    seen: prefill.prefilled,
    lastPath: target,
    lastStep: prefill.start_step ?? 0,
    fastBuy: true,
  });
  return target;
}
