import { encodeFileAnswer, isFileReferenceValue } from './file-answer';
import { writeDraft } from './draft-storage';
import { pathsForProduct } from './wizard-paths';
import type { Answers } from './wizard-pages';

/** The parts of a cart line (GET /api/cart) an edit needs. */
export interface EditableLine {
  id: number;
  version: number;
  url_key: string;
  answers: Record<string, unknown>;
}

/** A line's answers as the wizard keeps them: lists become comma-separated value ids, documents the reference's JSON. */
export function draftAnswers(answers: Record<string, unknown>): Answers {
  const out: Answers = {};
  for (const [id, raw] of Object.entries(answers)) {
    if (Array.isArray(raw)) out[id] = raw.join(',');
    else if (isFileReferenceValue(raw)) out[id] = encodeFileAnswer(raw);
    else if (typeof raw === 'string' || typeof raw === 'number') out[id] = String(raw);
  }
  return out;
}

/**
 * Starts editing a cart line: its answers become the product's draft (like a fast-buy, every answered question counts
 * as asked) and the wizard opens at the check-answers page, whose button then PATCHes the line with its version.
 * Returns the address to open.
 */
export function startCartEdit(storeId: number, line: EditableLine, position: number): string {
  const paths = pathsForProduct(line.url_key);
  const answers = draftAnswers(line.answers);
  writeDraft(storeId, line.url_key, {
    answers,
    seen: Object.keys(answers).map(Number),
    lastPath: paths.confirmation,
    lastStep: 0,
    fastBuy: true,
    editLine: { id: line.id, version: line.version, position },
  });
  return paths.confirmation;
}
