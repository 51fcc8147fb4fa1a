import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ItemSearchPage } from '../../../../shared/lib/api-contract';
import { renderApp } from '../../../../shared/testing';
import { listRowFixture } from '../lib/item-fixtures';
import { ItemsResults } from './items-results';

// The results list is dense: one line per row where the cells allow it (docs/backoffice.md). jsdom lays nothing out,
// so this checks the structure and classes items-search.css keeps on one line: the secondary facts inline in their
// cell (spans, never blocks), long pinned notes cut on one line with their whole text in the title, the work facts
// one unbreakable term-and-value pair each.

const LONG_NOTE =
  'Llamar al registro de la propiedad antes del viernes: el titular pide que se confirme la finca antes de pagar';

const row = listRowFixture({ deadline_at: '2026-11-05T10:00:00.000Z', pinned_notes: [{ id: 1, text: LONG_NOTE }] });

const page: ItemSearchPage = {
  items: [row, { ...row, item_id: 42, referencia: null, customer_name: null, lock: null, pinned_notes: [] }],
  total: 2,
  total_exact: true,
  page: 1,
  has_more: false,
} as unknown as ItemSearchPage;

const BLOCKS = 'p, div:not(.table__value), br, ul:not(.search-list__pinned), ol, table';

describe('ItemsResults: one line per row', () => {
  it('keeps the secondary facts inline in their cell: a span beside the main value, no block, no line break', () => {
    renderApp(<ItemsResults data={page} params={new URLSearchParams()} />);
    const [first, second] = screen.getAllByRole('row').slice(1);
    const order = within(first!).getByText('EXP-1');
    expect(order.tagName).toBe('SPAN');
    expect(order).toHaveClass('search-list__secondary');
    expect(order.parentElement).toHaveTextContent(/^40EXP-1$/);
    const customer = within(first!).getByText('Eva Ruiz');
    expect(customer.tagName).toBe('SPAN');
    expect(customer).toHaveClass('search-list__secondary');
    for (const cell of [order.closest('td')!, customer.closest('td')!]) {
      expect(cell.querySelector('.table__value')!.querySelectorAll(BLOCKS)).toHaveLength(0);
    }
    // Without them, nothing is left in their place.
    expect(second!.querySelectorAll('.search-list__secondary')).toHaveLength(0);
  });

  it('cuts a long pinned note on one line, with the whole text in its title', () => {
    renderApp(<ItemsResults data={page} params={new URLSearchParams()} />);
    const note = screen.getByText(LONG_NOTE);
    expect(note.tagName).toBe('LI');
    expect(note).toHaveAttribute('title', LONG_NOTE);
    expect(note.closest('ul')).toHaveClass('search-list__pinned');
  });

  it('keeps each work fact (lock holder, priority, deadline) one unbreakable term and value', () => {
    renderApp(<ItemsResults data={page} params={new URLSearchParams()} />);
    const [first] = screen.getAllByRole('row').slice(1);
    const facts = first!.querySelector('dl.search-list__facts')!;
    const pairs = [...facts.children];
    expect(pairs.map((pair) => pair.tagName)).toEqual(['DIV', 'DIV', 'DIV']);
    for (const pair of pairs) expect([...pair.children].map((c) => c.tagName)).toEqual(['DT', 'DD']);
    expect(pairs[0]).toHaveTextContent('Luis Gil');
  });
});
