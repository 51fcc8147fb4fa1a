import { moneyString } from '@ventanilla/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BackofficeListItem, ItemSearchPage } from '../../../../shared/lib/api-contract';
import { renderApp } from '../../../../shared/testing';
import { ItemsResults } from './items-results';

// The results list is dense: one line per row where the cells allow it (docs/backoffice.md). jsdom lays nothing out,
// so this checks the structure and classes items-search.css keeps on one line: the secondary facts inline in their
// cell (spans, never blocks), long pinned notes cut on one line with their whole text in the title, the work facts
// one unbreakable term-and-value pair each.

const LONG_NOTE =
  'Llamar al registro de la propiedad antes del viernes: el titular pide que se confirme la finca antes de pagar';

const row: BackofficeListItem = {
  item_id: 41,
  order_id: 40,
  product_id: 3,
  product_name: 'Nota simple',
  panel_status_id: 20,
  status_text: 'En trámite',
  client_status: 'processing',
  email: 'cliente@example.com',
  customer_name: 'Eva Ruiz',
  referencia: 'EXP-1',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
  total: moneyString('25.12'),
  notes_count: 2,
  files_count: 1,
  flags: {
    responded: false,
    incident_shown_to_client: false,
    client_email_answered: false,
    claimed_from_registrars: false,
    urgent: true,
    related_orders: false,
    nota_simple_refreshable: false,
    country: null,
  },
  related_item_ids: [],
  lock: { item_id: 41, locked_by: 8, locked_by_name: 'Luis Gil', expires_at: '2026-11-02T11:00:00.000Z' },
  standby_until: null,
  deadline_at: '2026-11-05T10:00:00.000Z',
  priority: 3,
  provider_id: null,
  pinned_notes: [{ id: 1, text: LONG_NOTE }],
} as BackofficeListItem;

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
