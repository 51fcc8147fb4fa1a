/** The customer panel's list page size (spec: "Default list page size 10 (shared constant)"). */
export const SAVED_ITEMS_PAGE_SIZE = 10;
/** The largest page a client may ask for. */
export const SAVED_ITEMS_MAX_PAGE_SIZE = 100;
/** How many saved items of one kind a customer may keep (a bound, so that a script cannot fill the database). */
export const SAVED_ITEMS_MAX_PER_KIND = 500;

/** A list request as the client sends it (any field may be missing or out of range). */
export interface SavedItemsListRequest {
  page?: number;
  per_page?: number;
  q?: string;
  favourites?: boolean;
}

/** A list request with its defaults applied: page >= 1, 1 <= per_page <= 100, the search trimmed and lower-cased. */
export interface SavedItemsListQuery {
  page: number;
  perPage: number;
  offset: number;
  /** Lower-cased, trimmed search text; null for no search. */
  search: string | null;
  favouritesOnly: boolean;
}

const intOr = (value: number | undefined, fallback: number): number =>
  Number.isSafeInteger(value) ? (value as number) : fallback;

/** Applies the list rules (page size 10 unless asked, newest first is the sort, see {@link compareNewestFirst}). */
export function savedItemsListQuery(request: SavedItemsListRequest): SavedItemsListQuery {
  const page = Math.max(1, intOr(request.page, 1));
  const perPage = Math.min(SAVED_ITEMS_MAX_PAGE_SIZE, Math.max(1, intOr(request.per_page, SAVED_ITEMS_PAGE_SIZE)));
  const search = (request.q ?? '').normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('es');
  return {
    page,
    perPage,
    offset: (page - 1) * perPage,
    search: search === '' ? null : search.slice(0, 100),
    favouritesOnly: request.favourites === true,
  };
}

/** The list order (spec: "Default order: date descending"): newest first, the higher id first on equal dates. */
export function compareNewestFirst(
  a: { id: number; created_at: string | Date },
  b: { id: number; created_at: string | Date },
): number {
  const diff = new Date(b.created_at).getTime() - new Date(a.created_at).getTime();
  return diff !== 0 ? diff : b.id - a.id;
}
