// The shop's catalogue search and its start page's "most ordered" list: pure rules, the same for the server (which
// answers the search) and any client that needs them.

/** The longest query kept: the rest of a longer one is ignored. */
export const SEARCH_QUERY_MAX = 100;

/**
 * A text as the search compares it: lower-case, without accents or other marks ("Certificación" and "certificacion"
 * match; "ç" is "c", "ñ" is "n"), punctuation as spaces, single-spaced.
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a query worth matching (folded, at most SEARCH_QUERY_MAX characters read). */
export function searchTerms(query: string): string[] {
  return foldSearchText(query.slice(0, SEARCH_QUERY_MAX))
    .split(' ')
    .filter((w) => w.length > 0);
}

/** What the search reads of a product, in the store's language. */
export interface SearchableProduct {
  name: string;
  short_description: string;
  description: string;
}

/**
 * How well a product answers a query, 0 when it does not: every word must appear in its name or descriptions (at
 * the start of a word of them); words found in the name count more, and a name starting with the query most.
 */
export function searchScore(product: SearchableProduct, terms: readonly string[]): number {
  if (terms.length === 0) return 0;
  const name = ` ${foldSearchText(product.name)}`;
  const text = ` ${foldSearchText(`${product.short_description} ${product.description}`)}`;
  let score = 0;
  for (const term of terms) {
    if (name.includes(` ${term}`)) score += 3;
    else if (text.includes(` ${term}`)) score += 1;
    else return 0;
  }
  if (name.startsWith(` ${terms.join(' ')}`)) score += 2;
  return score;
}

/** The products that answer a query, best first, ties in their given (catalogue) order. */
export function searchProducts<P extends SearchableProduct>(products: readonly P[], query: string): P[] {
  const terms = searchTerms(query);
  return products
    .map((product, index) => ({ product, index, score: searchScore(product, terms) }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((hit) => hit.product);
}

/**
 * The start page's most ordered products: the ids with the most orders first (ties by catalogue order), then, when
 * fewer than `limit` were ordered, the catalogue's next products in its order. Ids the catalogue no longer lists are
 * skipped.
 */
export function mostOrdered(
  catalogueOrder: readonly number[],
  orderCounts: ReadonlyMap<number, number>,
  limit: number,
): number[] {
  const position = new Map(catalogueOrder.map((id, i) => [id, i]));
  const ordered = [...orderCounts.entries()]
    .filter(([id, count]) => count > 0 && position.has(id))
    .sort(([a, ca], [b, cb]) => cb - ca || (position.get(a) ?? 0) - (position.get(b) ?? 0))
    .map(([id]) => id);
  const chosen = new Set(ordered.slice(0, limit));
  for (const id of catalogueOrder) {
    if (chosen.size >= limit) break;
    chosen.add(id);
  }
  return [...chosen];
}
