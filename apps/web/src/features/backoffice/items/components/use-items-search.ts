import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_FILTER_PARAMS, type SearchFilterParam } from '@ventanilla/domain';
import { isApiError } from '../../../../shared/lib/api-client';
import type { ErrorSummaryItem } from '../../../../shared/ui';
import { useItems, useStatuses } from '../../shared';
import { SEARCH_FORM_TITLE_ID, searchFieldId } from '../lib/search-query';

const KNOWN = new Set<string>(SEARCH_FILTER_PARAMS);

/** Where this browser keeps whether the search form is folded. */
const SEARCH_FORM_OPEN_STORAGE = 'ventanilla.agent.searchFormOpen';

/** An open/closed choice kept in this browser (open unless the agent folded it). */
function useRememberedOpen(key: string): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => {
    try {
      return window.localStorage.getItem(key) !== 'closed';
    } catch {
      return true;
    }
  });
  return [
    open,
    (next: boolean) => {
      setOpen(next);
      try {
        window.localStorage.setItem(key, next ? 'open' : 'closed');
      } catch {
        // Private mode: the choice lasts until the page is left.
      }
    },
  ];
}

/**
 * The order search's state (items.route.tsx is its view): the filters carried by the address, the results for them,
 * the server's refusal of a filter mapped to its field and the summary, and whether the form is folded.
 */
export function useItemsSearch() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const statuses = useStatuses();
  const items = useItems(query);
  const [formOpen, setFormOpen] = useRememberedOpen(SEARCH_FORM_OPEN_STORAGE);

  // A refused search: the server's message for each parameter, shown by its field and in the summary.
  const refused = items.isError && isApiError(items.error, 400) ? (items.error.fields ?? []) : [];
  const fieldErrors: Partial<Record<SearchFilterParam, string>> = {};
  const summary: ErrorSummaryItem[] = refused.map((f) => {
    if (KNOWN.has(f.field)) fieldErrors[f.field as SearchFilterParam] ??= f.message;
    const linkable = KNOWN.has(f.field) && f.field !== 'page';
    return { href: `#${linkable ? searchFieldId(f.field) : SEARCH_FORM_TITLE_ID}`, text: f.message };
  });

  return {
    params,
    query,
    search: (next: URLSearchParams) => setParams(next),
    statuses: statuses.data ?? [],
    items,
    refused: refused.length > 0,
    fieldErrors,
    summary,
    formOpen,
    setFormOpen,
  };
}
