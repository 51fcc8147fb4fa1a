import { Type } from 'typebox';
import { CLIENT_STATUS_KEYS, SEARCH_FILTER_PARAMS, type SearchFilterParam } from '@ventanilla/domain';
import { ItemLockSchema, MoneyString, Nullable, OneOf, PanelStatusIdSchema } from '../../shared/http-schemas.js';

/*
 * Request and response of GET /api/backoffice/items (docs/backoffice.md, "Search"). The query is checked by the
 * domain's parseItemSearch before schema validation; this schema documents it (every value a string, as in the URL).
 */

const DESCRIPTIONS: Record<SearchFilterParam, string> = {
  page: 'Page number, 1-10000 (default 1)',
  size: 'Rows per page, 1-100 (default 10)',
  order_by:
    'created_at, updated_at, order_id, item_id, priority, deadline_at or status; a leading "-" sorts descending ' +
    '(default -created_at)',
  order_id: 'Order number (exact)',
  referencia: 'Reference (exact), 1-100 characters',
  email: "Part of the customer's e-mail, 3-254 characters, case-insensitive",
  product_id: 'Product id (exact)',
  status: 'Panel status ids, comma-joined (40,60)',
  status_client: 'Customer-facing statuses: ids 1-5 or pending, processing, incidence, ready, returned; comma-joined',
  date_start: 'First day of creation included, YYYY-MM-DD (Europe/Madrid)',
  date_end: 'Last day of creation included, YYYY-MM-DD (Europe/Madrid), not before date_start',
  text: "Part of the answers, notes, customer's name or reference, 3-200 characters, case- and accent-insensitive; a term shaped like a reference's start (NS-2025/) matches references starting with it",
  provider: 'Provider id: letters, digits, _ . -, up to 64 characters',
};

export const SearchQuery = Type.Object(
  Object.fromEntries(
    SEARCH_FILTER_PARAMS.map((param) => [param, Type.Optional(Type.String({ description: DESCRIPTIONS[param] }))]),
  ),
);

export const SearchRowSchema = Type.Object({
  item_id: Type.Integer(),
  order_id: Type.Integer(),
  product_id: Type.Integer(),
  product_name: Type.String(),
  panel_status_id: PanelStatusIdSchema,
  status_text: Type.String(),
  /** What the customer sees (clientStatusFor); null for the spec's "status not found". */
  client_status: Nullable(OneOf(CLIENT_STATUS_KEYS)),
  email: Type.String(),
  customer_name: Type.String(),
  referencia: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  total: MoneyString,
  notes_count: Type.Integer(),
  files_count: Type.Integer(),
  /** The spec's derived flags (packages/domain/src/backoffice/order-flags.ts), computed at the server's now. */
  flags: Type.Object({
    responded: Type.Boolean(),
    incident_shown_to_client: Type.Boolean(),
    client_email_answered: Type.Boolean(),
    claimed_from_registrars: Type.Boolean(),
    urgent: Type.Boolean(),
    related_orders: Type.Boolean(),
    nota_simple_refreshable: Type.Boolean(),
    country: Nullable(OneOf(['ES', 'PT'] as const)),
  }),
  /** The customer's property searches / notas simples this item links to (the related-orders flag). */
  related_item_ids: Type.Array(Type.Integer()),
  /** Who holds the lock, only while the lease is live. */
  lock: Nullable(ItemLockSchema),
  standby_until: Nullable(Type.String({ format: 'date-time' })),
  deadline_at: Nullable(Type.String({ format: 'date-time' })),
  priority: Type.Integer(),
  provider_id: Nullable(Type.String()),
  /** Pinned notes, newest first (up to 5, each cut at 280 characters). */
  pinned_notes: Type.Array(Type.Object({ id: Type.Integer(), text: Type.String() })),
});

export const SearchPage = Type.Object({
  items: Type.Array(SearchRowSchema),
  page: Type.Integer(),
  size: Type.Integer(),
  /** Another page follows. */
  has_more: Type.Boolean(),
  /** Matches: exact when total_exact, else a lower bound (counting stops past 1,000). */
  total: Type.Integer(),
  total_exact: Type.Boolean(),
});
