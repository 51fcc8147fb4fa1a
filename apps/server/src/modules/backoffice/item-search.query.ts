import { sql, type SQL } from 'drizzle-orm';
import {
  CLIENT_STATUS_BY_ID,
  NOTA_SIMPLE_PRODUCT_IDS,
  PanelStatus,
  PROPERTY_SEARCH_PRODUCT_IDS,
  referencePrefixOf,
  type ClientStatusKey,
  type ItemSearchFilters,
  type SearchOrderField,
} from '@ventanilla/domain';

/*
 * The SQL of the back-office search (GET /api/backoffice/items; docs/backoffice.md, "Search"). Every filter maps to a
 * condition one index serves: order_id, referencia, product_id, status, dates and provider by b-tree, text by trigram
 * (pg_trgm GIN) over the trigger-kept order_items.search_text (accents and case folded by search_fold), e-mail by trigram over the distinct addresses
 * (search_emails) and then the b-tree on order_items.search_email. The page is one statement:
 * the page's ids first (ordered, LIMIT size + 1 for has_more), then each row with its counts, flag inputs, lock holder
 * and pinned notes, looked up by those ids only.
 */

/** The time zone of the days in date_start / date_end (the back office works on Spanish time). */
export const SEARCH_TIME_ZONE = 'Europe/Madrid';

/** Matches are counted up to this many; beyond it the total is a lower bound (`total_exact: false`). */
export const SEARCH_TOTAL_CAP = 1000;

/** How many pinned notes a list row carries, and how much of each. */
export const PINNED_NOTES_PER_ROW = 5;
export const PINNED_NOTE_CHARS = 280;

const RAW_RETURNED = ['abonado_perseguir', 'closed', 'closed_lost'];
const RAW_PENDING = ['processing', 'canceled', 'cancelled', 'fraud', 'holded', 'held', 'payment_review'];

function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** LIKE pattern for a substring: %, _ and \ in the text are literal. */
export function likeSubstring(text: string): string {
  return `%${likeLiteral(text)}%`;
}

/** LIKE pattern for a prefix (a b-tree with text_pattern_ops serves it). */
function likePrefix(text: string): string {
  return `${likeLiteral(text)}%`;
}

/**
 * The customer-facing status of `i` (order_items) and `o` (orders) in SQL: the domain's clientStatusFor
 * (packages/domain/src/orders/customer-status.ts) rule by rule; NULL for the spec's "status not found".
 * apps/server/test/api/backoffice-search.test.ts checks both agree.
 */
export const clientStatusSql: SQL = (() => {
  const byId = Object.entries(CLIENT_STATUS_BY_ID).map(
    ([id, key]) => sql`when ${sql.raw(String(Number(id)))} then ${sql.raw(`'${key}'`)}`,
  );
  const raw = sql`lower(btrim(o.status))`;
  const list = (values: string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
  return sql`(case
    when i.client_status_id is not null then (case i.client_status_id ${sql.join(byId, sql` `)} end)
    when coalesce(${raw}, '') = '' then 'processing'
    when ${raw} in (${list(RAW_RETURNED)}) then 'returned'
    when ${raw} like 'pending%' or ${raw} in (${list(RAW_PENDING)}) or ${raw} like '%stock%' then 'pending'
    when ${raw} like 'complete%' then (case
      when i.panel_status_id = ${sql.raw(String(PanelStatus.Incident))} then 'incidence'
      when i.panel_status_id in (${sql.raw(`${PanelStatus.Delivered}, ${PanelStatus.Closed}`)}) then 'ready'
      else 'processing' end)
    end)`;
})();

function dayStart(day: string): SQL {
  return sql`((${day}::date)::timestamp at time zone ${SEARCH_TIME_ZONE})`;
}

function dayEnd(day: string): SQL {
  return sql`(((${day}::date) + 1)::timestamp at time zone ${SEARCH_TIME_ZONE})`;
}

/** Whether the conditions need the orders table (only status_client reads the order's raw status). */
export function needsOrders(filters: ItemSearchFilters): boolean {
  return filters.statusClient !== undefined;
}

/** What the viewer may see at all: notaries see notary work only (mayWorkOnItem); undefined = everything. */
export interface SearchScope {
  statuses?: readonly number[];
}

/** The WHERE conditions of a search over `order_items i` (and `orders o` when needsOrders). */
export function searchConditions(filters: ItemSearchFilters, scope: SearchScope = {}): SQL {
  const where: SQL[] = [];
  if (scope.statuses !== undefined) {
    where.push(
      scope.statuses.length > 0
        ? sql`i.panel_status_id in (${sql.join(
            scope.statuses.map((s) => sql`${s}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  if (filters.orderId !== undefined) where.push(sql`i.order_id = ${filters.orderId}`);
  if (filters.referencia !== undefined) where.push(sql`i.referencia = ${filters.referencia}`);
  if (filters.email !== undefined) {
    // Each distinct address is matched once (search_emails, trigram), then its items by the b-tree on search_email.
    where.push(
      sql`i.search_email in (select e.email from search_emails e where e.email like ${likeSubstring(filters.email.toLowerCase())})`,
    );
  }
  if (filters.productId !== undefined) where.push(sql`i.product_id = ${filters.productId}`);
  if (filters.status !== undefined) {
    where.push(
      filters.status.length === 1
        ? sql`i.panel_status_id = ${filters.status[0]}`
        : sql`i.panel_status_id in (${sql.join(
            filters.status.map((s) => sql`${s}`),
            sql`, `,
          )})`,
    );
  }
  if (filters.statusClient !== undefined) {
    const keys: ClientStatusKey[] = filters.statusClient;
    where.push(
      sql`${clientStatusSql} in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
  }
  if (filters.dateStart !== undefined) where.push(sql`i.created_at >= ${dayStart(filters.dateStart)}`);
  if (filters.dateEnd !== undefined) where.push(sql`i.created_at < ${dayEnd(filters.dateEnd)}`);
  if (filters.text !== undefined) {
    const prefix = referencePrefixOf(filters.text);
    where.push(
      prefix !== null
        ? // A reference's start: a range of order_items_referencia_prefix_idx (migration 0046).
          sql`upper(i.referencia) like ${likePrefix(prefix)}`
        : // Folded like the stored text (migration 0044): "gomez" finds "Gómez"; the trigram index still serves it.
          sql`i.search_text like search_fold(${likeSubstring(filters.text)})`,
    );
  }
  if (filters.provider !== undefined) where.push(sql`i.provider_id = ${filters.provider}`);
  return where.length > 0 ? sql.join(where, sql` and `) : sql`true`;
}

const ORDER_COLUMN: Record<SearchOrderField, string> = {
  created_at: 'i.created_at',
  updated_at: 'i.updated_at',
  order_id: 'i.order_id',
  item_id: 'i.item_id',
  priority: 'i.priority',
  deadline_at: 'i.deadline_at',
  status: 'i.panel_status_id',
};

/**
 * ORDER BY of a search: the chosen column, then the creation date and the item id in the same direction, so pages
 * never overlap and every database agrees. deadline_at keeps PostgreSQL's NULL placement (items without a deadline
 * last going up, first going down), which is what its index gives.
 */
export function searchOrder(filters: ItemSearchFilters): SQL {
  const { field, direction } = filters.orderBy;
  const dir = direction === 'desc' ? 'desc' : 'asc';
  const columns = [ORDER_COLUMN[field]];
  if (field !== 'created_at' && field !== 'item_id' && field !== 'updated_at' && field !== 'order_id') {
    columns.push('i.created_at');
  }
  if (field !== 'item_id') columns.push('i.item_id');
  return sql.raw(columns.map((c) => `${c} ${dir}`).join(', '));
}

function fromClause(filters: ItemSearchFilters): SQL {
  return needsOrders(filters) ? sql`order_items i join orders o on o.order_id = i.order_id` : sql`order_items i`;
}

const RELATED_PRODUCTS = [...PROPERTY_SEARCH_PRODUCT_IDS, ...NOTA_SIMPLE_PRODUCT_IDS];
const relatedProducts = sql.raw(RELATED_PRODUCTS.map((p) => String(Number(p))).join(', '));

/**
 * One page of the search: up to size + 1 rows (the extra one only says there is more), each with what the list shows
 * and what the domain's itemFlags needs. Correlated look-ups run for the page's rows only (the `page` CTE is
 * materialised), each on an index by item id.
 */
export function searchPageQuery(filters: ItemSearchFilters, scope: SearchScope = {}): SQL {
  const offset = (filters.page - 1) * filters.size;
  const order = searchOrder(filters);
  const prefix = filters.text === undefined ? null : referencePrefixOf(filters.text);
  const { field, direction } = filters.orderBy;
  if (prefix !== null && (field === 'created_at' || field === 'item_id')) {
    // A reference's start in date or id order: the matches come sorted from the prefix index alone (index-only, tens
    // of thousands of entries in milliseconds), and the other conditions are checked row by row in that order until the
    // page is full. Left to itself the planner walks the date index backwards and filters, which for a prefix matching
    // only old orders means reading most of the table (seconds; docs/performance.md, "Back-office search").
    const dir = direction === 'desc' ? 'desc' : 'asc';
    const byMatch = sql.raw(field === 'item_id' ? `m.item_id ${dir}` : `m.created_at ${dir}, m.item_id ${dir}`);
    const byIndex = sql.raw(field === 'item_id' ? `item_id ${dir}` : `created_at ${dir}, item_id ${dir}`);
    return pageRowsQuery(
      sql`with page as materialized (
        select i.item_id
        from (select item_id, created_at from order_items where upper(referencia) like ${likePrefix(prefix)}
              order by ${byIndex} offset 0) m
        join order_items i on i.item_id = m.item_id${needsOrders(filters) ? sql` join orders o on o.order_id = i.order_id` : sql``}
        where ${searchConditions(filters, scope)}
        order by ${byMatch}
        limit ${filters.size + 1} offset ${offset}
      )`,
      order,
      sql`null::int`,
    );
  }
  return pageRowsQuery(
    sql`with page as materialized (
      select i.item_id from ${fromClause(filters)}
      where ${searchConditions(filters, scope)}
      order by ${order}
      limit ${filters.size + 1} offset ${offset}
    )`,
    order,
    sql`null::int`,
  );
}

/**
 * The page of a substring search (e-mail or text) in one scan: the matches are taken once, capped at
 * SEARCH_TOTAL_CAP + 1 and in no order (so the planner reads them through the trigram index, or stops a scan early for
 * a common term, and never walks the date index), then sorted and paged; every row carries `match_count`, the capped
 * number of matches. When it is over the cap the page is not the right one (the matches were cut in no order): the
 * caller then reads the page with searchPageQuery.
 */
export function searchCappedPageQuery(filters: ItemSearchFilters, scope: SearchScope = {}): SQL {
  const offset = (filters.page - 1) * filters.size;
  const order = searchOrder(filters);
  return pageRowsQuery(
    sql`with matches as materialized (
      select i.item_id from ${fromClause(filters)}
      where ${searchConditions(filters, scope)}
      limit ${SEARCH_TOTAL_CAP + 1}
    ), page as materialized (
      select i.item_id from matches m join order_items i on i.item_id = m.item_id
      order by ${order}
      limit ${filters.size + 1} offset ${offset}
    )`,
    order,
    sql`(select count(*) from matches)::int`,
  );
}

/** The rows of a page (the `page` CTE of item ids) with what the list shows and what the domain's flags need. */
function pageRowsQuery(pageCte: SQL, order: SQL, matchCount: SQL): SQL {
  return sql`${pageCte}
    select ${matchCount} as match_count, i.item_id, i.order_id, i.product_id, i.product_name, i.panel_status_id, i.client_status_id,
      i.incidencia_status_id, i.answers, i.referencia, i.priority, i.standby_until, i.deadline_at, i.provider_id,
      i.locked_by, i.locked_at, i.lock_expires_at, i.created_at, i.updated_at, i.total,
      i.customer_message_at, i.staff_message_at,
      o.status as order_status, o.store_id, o.customer_email, o.customer_firstname, o.customer_lastname,
      nullif(btrim(concat_ws(' ', lu.firstname, lu.lastname)), '') as locked_by_name,
      (select count(*) from item_notes n where n.item_id = i.item_id)::int as notes_count,
      (select count(*) from item_files f where f.item_id = i.item_id)::int as files_count,
      (select coalesce(json_agg(json_build_object('id', p.id, 'text', p.text) order by p.id desc), '[]'::json)
         from (select n.id, left(n.text, ${PINNED_NOTE_CHARS + 1}) as text from item_notes n
               where n.item_id = i.item_id and n.pinned order by n.id desc limit ${PINNED_NOTES_PER_ROW}) p
      ) as pinned_notes,
      (select coalesce(json_agg(json_build_object('old', h.old_status, 'new', h.new_status)), '[]'::json)
         from item_history h
         where h.item_id = i.item_id
           and (h.old_status = ${PanelStatus.Responded} or h.new_status = ${PanelStatus.Responded})
      ) as responded_history,
      (select max(h.created_at) from item_history h
         where h.item_id = i.item_id and h.new_status = ${PanelStatus.Delivered}) as issued_at,
      array(select distinct (h.sent)::int from item_history h0
         cross join lateral (select coalesce(h0.details ->> 'incidence_id', h0.details ->> 'incidencia_status_id') as sent) h
         where h0.item_id = i.item_id and h.sent ~ '^[0-9]{1,9}$') as incidences_sent,
      (case when i.product_id in (${relatedProducts}) then (
         select coalesce(json_agg(json_build_object('item_id', r.item_id, 'product_id', r.product_id,
                                                    'panel_status_id', r.panel_status_id)), '[]'::json)
         from (select r.item_id, r.product_id, r.panel_status_id
               from orders ro join order_items r on r.order_id = ro.order_id
               where ro.customer_id = o.customer_id and r.item_id <> i.item_id and r.product_id in (${relatedProducts})
               order by r.item_id desc limit 20) r
       ) else '[]'::json end) as related_candidates
    from page
    join order_items i on i.item_id = page.item_id
    join orders o on o.order_id = i.order_id
    left join users lu on lu.id = i.locked_by
    order by ${order}`;
}

/** How many items match, counted up to SEARCH_TOTAL_CAP + 1 (a capped count stays fast on a million rows). */
export function searchCountQuery(filters: ItemSearchFilters, scope: SearchScope = {}): SQL {
  return sql`select count(*)::int as n from (
      select 1 from ${fromClause(filters)} where ${searchConditions(filters, scope)} limit ${SEARCH_TOTAL_CAP + 1}
    ) s`;
}
