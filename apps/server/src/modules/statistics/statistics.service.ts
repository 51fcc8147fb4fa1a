import { sql, type SQL } from 'drizzle-orm';
import {
  agentDisplayName,
  formatMoneyString,
  isoDate,
  panelStatusText,
  QUEUE_AGE_BUCKETS,
  rangeDays,
  WORK_STATUSES,
  zonedDateTime,
  type Cents,
  type Language,
  type QueueAgeBucket,
  type StatisticsFilter,
} from '@ventanilla/domain';
import type { Db } from '../../db/database.js';

/** The days of the statistics are Spanish days, like the search's (docs/backoffice.md, "Statistics"). */
export const STATISTICS_TIME_ZONE = 'Europe/Madrid';

const money = (value: unknown): string => formatMoneyString(Number(value ?? 0) as Cents);
const int = (value: unknown): number => Number(value ?? 0);

/** First instant of the range: midnight of `from` in Madrid. */
const rangeStart = (f: StatisticsFilter) => sql`((${f.from}::date)::timestamp at time zone ${STATISTICS_TIME_ZONE})`;
/** First instant after the range: midnight after `to` in Madrid. */
const rangeEnd = (f: StatisticsFilter) => sql`(((${f.to}::date) + 1)::timestamp at time zone ${STATISTICS_TIME_ZONE})`;
const day = (column: SQL) => sql`to_char((${column} at time zone ${STATISTICS_TIME_ZONE})::date, 'YYYY-MM-DD')`;
const storeFilter = (f: StatisticsFilter, column: SQL) =>
  f.stores
    ? sql`AND ${column} IN (${sql.join(
        f.stores.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
const intList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The back office's statistics, each computed by one SQL query over the indexes of migration 0013 (docs/backoffice.md,
 * "Statistics"; figures on a million orders in docs/performance.md). Money comes back as "25.12" strings.
 */
export class StatisticsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Today in Madrid, yyyy-mm-dd: the default end of a range. */
  today(): string {
    return isoDate(zonedDateTime(this.now(), STATISTICS_TIME_ZONE));
  }

  /**
   * Orders created in the range per day, store and commercial status, with the totals, read from the daily rollup
   * (order_stats_daily, kept by triggers). `orders` counts every order created; `paid_orders` and `revenue` (the
   * orders' totals, VAT and fees included) only the paid ones.
   */
  async orders(f: StatisticsFilter) {
    const result = await this.db.execute<{
      day: string | null;
      store_id: number | null;
      status: string | null;
      g: number;
      orders: number;
      paid: number;
      revenue: string;
    }>(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, store_id, status, grouping(day, store_id, status)::int AS g,
        sum(orders)::int AS orders, sum(paid_orders)::int AS paid, sum(revenue)::text AS revenue
      FROM order_stats_daily
      WHERE day BETWEEN ${f.from}::date AND ${f.to}::date ${storeFilter(f, sql`store_id`)}
      GROUP BY GROUPING SETS ((day), (store_id), (status), ())
      -- A status every order of a day has left keeps its row with zeros: not shown.
      HAVING sum(orders) <> 0 OR grouping(day, store_id, status) = 7`);
    const rows = result.rows.map((r) => ({ ...r, g: int(r.g) }));
    const line = (r: (typeof rows)[number]) => ({
      orders: int(r.orders),
      paid_orders: int(r.paid),
      revenue: money(r.revenue),
    });
    // grouping(): a bit per column left out of the set (day = 4, store_id = 2, status = 1).
    const perDay = new Map(rows.filter((r) => r.g === 3).map((r) => [r.day, line(r)]));
    const total = rows.find((r) => r.g === 7);
    return {
      from: f.from,
      to: f.to,
      stores: f.stores ?? [],
      totals: total ? line(total) : { orders: 0, paid_orders: 0, revenue: '0.00' },
      by_day: rangeDays(f).map((d) => ({
        day: d,
        ...(perDay.get(d) ?? { orders: 0, paid_orders: 0, revenue: '0.00' }),
      })),
      by_store: rows
        .filter((r) => r.g === 5)
        .map((r) => ({ store_id: int(r.store_id), ...line(r) }))
        .sort((a, b) => a.store_id - b.store_id),
      by_status: rows
        .filter((r) => r.g === 6)
        .map((r) => ({ status: String(r.status), ...line(r) }))
        .sort((a, b) => b.orders - a.orders || a.status.localeCompare(b.status)),
    };
  }

  /**
   * Order lines of orders created in the range, per product: lines, paid lines and their revenue (lines' totals), read
   * from the daily rollup (product_stats_daily, kept by triggers).
   */
  async products(f: StatisticsFilter) {
    const result = await this.db.execute<{
      product_id: number;
      product_name: string;
      items: number;
      paid: number;
      revenue: string;
    }>(sql`
      SELECT p.product_id, p.items, p.paid, p.revenue,
        -- The name of its latest line (order_items_product_idx): names are kept on the lines, not in the rollup.
        (SELECT product_name FROM order_items WHERE product_id = p.product_id ORDER BY created_at DESC LIMIT 1)
          AS product_name
      FROM (
        SELECT product_id, sum(items)::int AS items, sum(paid_items)::int AS paid, sum(revenue)::text AS revenue
        FROM product_stats_daily
        WHERE day BETWEEN ${f.from}::date AND ${f.to}::date ${storeFilter(f, sql`store_id`)}
        GROUP BY product_id
        HAVING sum(items) <> 0
      ) p
      ORDER BY p.items DESC, p.product_id`);
    return {
      from: f.from,
      to: f.to,
      stores: f.stores ?? [],
      by_product: result.rows.map((r) => ({
        product_id: int(r.product_id),
        product_name: r.product_name,
        items: int(r.items),
        paid_items: int(r.paid),
        revenue: money(r.revenue),
      })),
    };
  }

  /**
   * Work waiting now (items in a work status, work-queue.ts), by age since the order line was created, in the buckets
   * of QUEUE_AGE_BUCKETS, per status. The range does not apply (it is the queue as it is now); the store filter does.
   */
  async queueAge(f: StatisticsFilter, language: Language) {
    const now = this.now();
    const bounds = QUEUE_AGE_BUCKETS.filter((b) => b.maxHours !== null);
    const bucketCase = sql.join(
      [
        sql`CASE`,
        ...bounds.map(
          (b) =>
            sql`WHEN i.created_at > ${now.toISOString()}::timestamptz - make_interval(hours => ${b.maxHours}) THEN ${b.key}`,
        ),
        sql`ELSE 'gt_30d' END`,
      ],
      sql` `,
    );
    const join = f.stores ? sql`JOIN orders o ON o.order_id = i.order_id` : sql``;
    const result = await this.db.execute<{ panel_status_id: number; bucket: QueueAgeBucket; items: number }>(sql`
      SELECT i.panel_status_id, ${bucketCase} AS bucket, count(*)::int AS items
      FROM order_items i ${join}
      WHERE i.panel_status_id IN (${intList(WORK_STATUSES)}) ${storeFilter(f, sql`o.store_id`)}
      GROUP BY 1, 2`);
    const count = (status: number | null, bucket: QueueAgeBucket) =>
      result.rows
        .filter((r) => (status === null || int(r.panel_status_id) === status) && r.bucket === bucket)
        .reduce((n, r) => n + int(r.items), 0);
    return {
      now: now.toISOString(),
      stores: f.stores ?? [],
      buckets: QUEUE_AGE_BUCKETS.map((b) => ({ bucket: b.key, items: count(null, b.key) })),
      by_status: WORK_STATUSES.map((status) => ({
        panel_status_id: status,
        status_text: panelStatusText(status, language),
        buckets: QUEUE_AGE_BUCKETS.map((b) => ({ bucket: b.key, items: count(status, b.key) })),
      })),
    };
  }

  /**
   * Agents' throughput in the range: history lines written by an agent (actions) and their moves into a finished status
   * (FINISHED_STATUSES), per agent and per agent and day, read from the daily rollup (agent_stats_daily, kept by
   * triggers). Lines without an agent (payments, checkout) are not counted; admin user 1 is "Sistema".
   */
  async agents(f: StatisticsFilter, language: Language) {
    const result = await this.db.execute<{
      d: string | null;
      admin_user_id: number;
      name: string | null;
      actions: number;
      finished: number;
    }>(sql`
      SELECT s.d, s.admin_user_id, trim(u.firstname || ' ' || u.lastname) AS name, s.actions, s.finished
      FROM (
        SELECT to_char(day, 'YYYY-MM-DD') AS d, admin_user_id, sum(actions)::int AS actions,
          sum(finished)::int AS finished
        FROM agent_stats_daily
        WHERE day BETWEEN ${f.from}::date AND ${f.to}::date ${storeFilter(f, sql`store_id`)}
        GROUP BY GROUPING SETS ((day, admin_user_id), (admin_user_id))
        HAVING sum(actions) <> 0
      ) s JOIN users u ON u.id = s.admin_user_id`);
    const name = (id: number, raw: string | null) => agentDisplayName(id, raw, language);
    const perAgent = result.rows
      .filter((r) => r.d === null)
      .map((r) => ({
        admin_user_id: int(r.admin_user_id),
        name: name(int(r.admin_user_id), r.name),
        actions: int(r.actions),
        finished: int(r.finished),
      }))
      .sort((a, b) => b.actions - a.actions || a.admin_user_id - b.admin_user_id);
    return {
      from: f.from,
      to: f.to,
      stores: f.stores ?? [],
      by_agent: perAgent,
      by_day: result.rows
        .filter((r) => r.d !== null)
        .map((r) => ({
          day: String(r.d),
          admin_user_id: int(r.admin_user_id),
          actions: int(r.actions),
          finished: int(r.finished),
        }))
        .sort((a, b) => a.day.localeCompare(b.day) || a.admin_user_id - b.admin_user_id),
    };
  }

  /** Refunds that went through (status succeeded) in the range, per day: how many, the amount returned, the penalty kept. */
  async refunds(f: StatisticsFilter) {
    const join = f.stores ? sql`JOIN orders o ON o.order_id = r.order_id` : sql``;
    const result = await this.db.execute<{ d: string | null; refunds: number; amount: string; penalty: string }>(sql`
      SELECT d, count(*)::int AS refunds, coalesce(sum(amount), 0)::text AS amount,
        coalesce(sum(penalty), 0)::text AS penalty
      FROM (
        SELECT ${day(sql`r.created_at`)} AS d, r.amount, r.penalty FROM refunds r ${join}
        WHERE r.status = 'succeeded' AND r.created_at >= ${rangeStart(f)} AND r.created_at < ${rangeEnd(f)}
          ${storeFilter(f, sql`o.store_id`)}
      ) r
      GROUP BY GROUPING SETS ((d), ())`);
    const line = (r: { refunds: number; amount: string; penalty: string }) => ({
      refunds: int(r.refunds),
      amount: money(r.amount),
      penalty: money(r.penalty),
    });
    const perDay = new Map(result.rows.filter((r) => r.d !== null).map((r) => [r.d, line(r)]));
    const total = result.rows.find((r) => r.d === null);
    const zero = { refunds: 0, amount: '0.00', penalty: '0.00' };
    return {
      from: f.from,
      to: f.to,
      stores: f.stores ?? [],
      totals: total ? line(total) : zero,
      by_day: rangeDays(f).map((d) => ({ day: d, ...(perDay.get(d) ?? zero) })),
    };
  }
}
