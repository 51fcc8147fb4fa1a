import { randomBytes } from 'node:crypto';
import { orderPrefix, ORDER_SEQUENCE_DIGITS, PANEL_STATUS_IDS } from '@ventanilla/domain';
import type pg from 'pg';
import type { CatalogService } from '../catalog/index.js';
import { hashPassword } from '../customers/index.js';
import { demoLines } from './demo-lines.js';
import { DEMO_STORES, EMAIL_DOMAINS, emailPart, FIRST_NAMES, LAST_NAMES, seededRandom } from './demo-people.js';
import { INCIDENCE_IDS, INCIDENT_TEXTS, NOTE_TEXTS, PROVIDERS, REFERENCE_PREFIXES } from './demo-texts.js';

export interface BulkProgress {
  done: number;
  total: number;
  elapsedMs: number;
}

export interface BulkOptions {
  count: number;
  /** Orders per transaction (each batch is one set-based INSERT ... SELECT generate_series per table). */
  batchSize?: number;
  /** Same seed, same choices (names, products, statuses); by default a new one per run. */
  seed?: number;
  /** Orders are spread over this many days before `now` (more of them recent). */
  days?: number;
  now?: Date;
  onProgress?: (progress: BulkProgress) => void;
}

export interface BulkResult {
  orders: number;
  customers: number;
  ms: number;
}

/** Distinct priced lines per store the orders draw from (the engine prices each one; orders reuse them). */
const LINE_POOL: Record<number, number> = { 1: 600, 16: 300, 17: 100 };

/** A weighted list as an array the SQL indexes by a hash: [[40, 3], [80, 1]] -> {40,40,40,80}. */
function weighted(entries: ReadonlyArray<readonly [number, number]>): number[] {
  return entries.flatMap(([value, weight]) => Array.from({ length: weight }, () => value));
}

// Panel statuses by the age of the order: new orders are being worked on, old ones delivered or closed. Every one of
// the 24 statuses appears (the back office has a panel for each).
const RECENT = weighted([
  [0, 8],
  [10, 3],
  [20, 3],
  [30, 2],
  [40, 30],
  [50, 10],
  [60, 10],
  [80, 10],
  [90, 3],
  [97, 4],
  [98, 2],
  [99, 2],
  [100, 3],
  [1000, 1],
  [1002, 1],
  [1003, 1],
  [1004, 1],
]);
const MIDDLE = weighted([
  [40, 8],
  [50, 6],
  [60, 8],
  [70, 3],
  [80, 18],
  [90, 2],
  [97, 4],
  [98, 2],
  [100, 6],
  [101, 4],
  [102, 3],
  [103, 3],
  [110, 20],
  [120, 6],
  [1000, 2],
  [1001, 1],
]);
const OLD = weighted([
  [110, 40],
  [120, 45],
  [80, 4],
  [70, 3],
  [60, 2],
  [102, 2],
  [1001, 2],
  [0, 2],
]);

/** Statuses that end the work: no deadline, no postponement. */
const FINAL_STATUSES = [70, 110, 120, 1001];
/** Statuses at which the registry has answered: the item carries its reference. */
const ANSWERED_STATUSES = [80, 100, 101, 103, 110, 120, 1001];

for (const id of PANEL_STATUS_IDS) {
  if (![...RECENT, ...MIDDLE, ...OLD].includes(id)) throw new Error(`demo data never uses panel status ${id}`);
}

/** SQL picking one element of a per-store text list (three array parameters: stores 1, 16, 17) by a hash. */
function pickText(first: number, hash: string): string {
  const list = `(CASE b.store_id WHEN 1 THEN $${first}::text[] WHEN 16 THEN $${first + 1}::text[] ELSE $${first + 2}::text[] END)`;
  return `${list}[1 + ${hash} % cardinality(${list})]`;
}

/**
 * Adds `count` realistic orders (one item each) with set-based SQL: per batch, new customers, then orders, items,
 * payments, history lines and notes, each one INSERT ... SELECT over generate_series, in one transaction. The answers
 * and prices come from a pool of lines the catalogue's form engine priced (demoLines); order numbers come from the
 * stores' counters like the checkout's (the counter rows are locked for the batch, so a live checkout just waits).
 * Works on PostgreSQL and the embedded database alike. The search columns are filled by the database's triggers.
 */
export async function addDemoOrders(pool: pg.Pool, catalog: CatalogService, options: BulkOptions): Promise<BulkResult> {
  const started = Date.now();
  const total = Math.max(0, Math.trunc(options.count));
  const batchSize = Math.max(1, Math.trunc(options.batchSize ?? 10_000));
  const seed = options.seed ?? randomBytes(4).readUInt32BE(0);
  const random = seededRandom(seed);
  const now = options.now ?? new Date();
  const days = options.days ?? 730;
  const client = await pool.connect();
  let customers = 0;
  try {
    await client.query(`
      CREATE TEMP TABLE IF NOT EXISTS demo_line_pool (
        store_id int, k int, product_id int, product_name text, answers jsonb, product_options jsonb,
        base_price bigint, options_price bigint, subtotal bigint, tax_amount bigint, fees bigint, total bigint,
        tax_rate_bp int, PRIMARY KEY (store_id, k));
      CREATE TEMP TABLE IF NOT EXISTS demo_customers (
        k int PRIMARY KEY, id int, store_id int, email text, firstname text, lastname text);
      CREATE TEMP TABLE IF NOT EXISTS demo_batch (
        g bigint PRIMARY KEY, store_id int, customer_k int, line_k int, seq int, panel_status int,
        created_at timestamptz, updated_at timestamptz, order_id bigint, agent int);
      TRUNCATE demo_line_pool, demo_customers, demo_batch;`);

    // The priced lines, computed once by the domain and stored for the batches to pick from.
    for (const store of DEMO_STORES) {
      const lines = demoLines(catalog, store, LINE_POOL[store] ?? 100, random);
      for (let from = 0; from < lines.length; from += 200) {
        const chunk = lines.slice(from, from + 200);
        const params: unknown[] = [];
        const rows = chunk.map((l, i) => {
          const values = [
            store,
            from + i,
            l.productId,
            l.productName,
            JSON.stringify(l.answers),
            JSON.stringify(l.productOptions),
            l.basePrice,
            l.optionsPrice,
            l.subtotal,
            l.taxAmount,
            l.fees,
            l.total,
            l.taxRateBp,
          ];
          const placeholders = values.map((v) => (params.push(v), `$${params.length}`));
          return `(${placeholders.join(', ')})`;
        });
        await client.query(`INSERT INTO demo_line_pool VALUES ${rows.join(', ')}`, params);
      }
    }

    const { rows: staff } = await client.query<{ id: number }>(
      `SELECT id FROM users WHERE role IN ('agent', 'admin') ORDER BY id LIMIT 20`,
    );
    const agents = staff.map((s) => s.id);
    // Demo customers can never log in: their password is a random secret nobody knows.
    const passwordHash = await hashPassword(randomBytes(24).toString('hex'));
    const { rows: userCount } = await client.query<{ n: string }>('SELECT count(*) AS n FROM users');
    let customerNo = Number(userCount[0]?.n ?? 0) + 1;

    const ascii = (names: readonly string[]) => names.map(emailPart);

    let done = 0;
    while (done < total) {
      const size = Math.min(batchSize, total - done);
      const gFrom = done + 1;
      const gTo = done + size;
      await client.query('BEGIN');
      try {
        // 1. New customers: about one for every three orders, from the stores' name lists (70% ES, 20% PT, 10% IE).
        const newCustomers = Math.max(1, Math.ceil(size / 3));
        const inserted = await client.query(
          `WITH src AS (
             SELECT c, (hashint8extended(c, $3) & 2147483647) AS h0, (hashint8extended(c, $3 + 1) & 2147483647) AS h1,
                    (hashint8extended(c, $3 + 2) & 2147483647) AS h2, (hashint8extended(c, $3 + 3) & 2147483647) AS h3
             FROM generate_series($1::bigint, $2::bigint) AS c),
           stored AS (
             SELECT c, h1, h2, h3, CASE WHEN h0 % 100 < 70 THEN 1 WHEN h0 % 100 < 90 THEN 16 ELSE 17 END AS store_id
             FROM src),
           named AS (
             SELECT c, store_id, h3,
               CASE store_id WHEN 1 THEN $4::text[] WHEN 16 THEN $6::text[] ELSE $8::text[] END AS firsts,
               CASE store_id WHEN 1 THEN $5::text[] WHEN 16 THEN $7::text[] ELSE $9::text[] END AS lasts,
               CASE store_id WHEN 1 THEN $10::text[] WHEN 16 THEN $12::text[] ELSE $14::text[] END AS firsts_ascii,
               CASE store_id WHEN 1 THEN $11::text[] WHEN 16 THEN $13::text[] ELSE $15::text[] END AS lasts_ascii,
               h1, h2
             FROM stored),
           people AS (
             SELECT c, store_id,
               firsts[1 + h1 % cardinality(firsts)] AS firstname,
               lasts[1 + h2 % cardinality(lasts)]
                 || CASE WHEN store_id = 17 THEN '' ELSE ' ' || lasts[1 + h3 % cardinality(lasts)] END AS lastname,
               firsts_ascii[1 + h1 % cardinality(firsts)] || '.' || lasts_ascii[1 + h2 % cardinality(lasts)]
                 || '.' || c || '@' || ($16::text[])[1 + h3 % cardinality($16::text[])] AS email
             FROM named),
           ins AS (
             INSERT INTO users (email, password_hash, firstname, lastname, role)
             SELECT email, $17, firstname, lastname, 'customer' FROM people ORDER BY c
             ON CONFLICT (email) DO NOTHING
             RETURNING id, email, firstname, lastname)
           INSERT INTO demo_customers (k, id, store_id, email, firstname, lastname)
           SELECT $18 + row_number() OVER (ORDER BY ins.id) - 1, ins.id, p.store_id, ins.email, ins.firstname, ins.lastname
           FROM ins JOIN people p ON p.email = ins.email`,
          [
            customerNo,
            customerNo + newCustomers - 1,
            seed,
            FIRST_NAMES[1],
            LAST_NAMES[1],
            FIRST_NAMES[16],
            LAST_NAMES[16],
            FIRST_NAMES[17],
            LAST_NAMES[17],
            ascii(FIRST_NAMES[1]),
            ascii(LAST_NAMES[1]),
            ascii(FIRST_NAMES[16]),
            ascii(LAST_NAMES[16]),
            ascii(FIRST_NAMES[17]),
            ascii(LAST_NAMES[17]),
            EMAIL_DOMAINS,
            passwordHash,
            customers,
          ],
        );
        customerNo += newCustomers;
        customers += inserted.rowCount ?? 0;
        if (customers === 0) throw new Error('demo data: no customer could be created');

        // 2. The batch: for each order its customer (and so its store), line, age and panel status.
        await client.query('TRUNCATE demo_batch');
        await client.query(
          `INSERT INTO demo_batch (g, store_id, customer_k, line_k, seq, panel_status, created_at, updated_at, agent)
           SELECT g, store_id, customer_k,
             (h_line % CASE store_id WHEN 1 THEN $7::int WHEN 16 THEN $8::int ELSE $9::int END)::int,
             row_number() OVER (PARTITION BY store_id ORDER BY created_at, g)::int,
             status, created_at,
             created_at + least($4::timestamptz - created_at, (h_upd % 864000) * interval '1 second'),
             CASE WHEN cardinality($10::int[]) = 0 THEN NULL
                  ELSE ($10::int[])[1 + h_upd % greatest(cardinality($10::int[]), 1)] END
           FROM (
             SELECT g, c.store_id, c.k AS customer_k, h_line, h_upd, age_days,
               $4::timestamptz - age_days * interval '1 day' AS created_at,
               CASE WHEN age_days < 3 THEN ($11::int[])[1 + h_status % cardinality($11::int[])]
                    WHEN age_days < 45 THEN ($12::int[])[1 + h_status % cardinality($12::int[])]
                    ELSE ($13::int[])[1 + h_status % cardinality($13::int[])] END AS status
             FROM (
               SELECT g,
                 (hashint8extended(g, $3) & 2147483647) AS h_cust,
                 (hashint8extended(g, $3 + 1) & 2147483647) AS h_line,
                 (hashint8extended(g, $3 + 2) & 2147483647) AS h_status,
                 (hashint8extended(g, $3 + 4) & 2147483647) AS h_upd,
                 -- More recent orders than old ones: the age is the square of a uniform draw.
                 $5::float8 * power((hashint8extended(g, $3 + 3) & 2147483647) / 2147483647.0, 2) AS age_days
               FROM generate_series($1::bigint, $2::bigint) AS g) AS r
             JOIN demo_customers c ON c.k = r.h_cust % $6::int) AS s`,
          [
            gFrom,
            gTo,
            seed + 100,
            now,
            days,
            customers,
            LINE_POOL[1],
            LINE_POOL[16],
            LINE_POOL[17],
            agents,
            RECENT,
            MIDDLE,
            OLD,
          ],
        );

        // 3. Order numbers: each store's counter moves past the batch (row-locked until commit), as checkout does.
        const stores = await client.query<{ store_id: number; n: string }>(
          'SELECT store_id, count(*) AS n FROM demo_batch GROUP BY store_id',
        );
        for (const { store_id: storeId, n } of stores.rows) {
          const { rows } = await client.query<{ last: number }>(
            `INSERT INTO order_counters (store_id, last_value) VALUES ($1, $2)
             ON CONFLICT (store_id) DO UPDATE SET last_value = order_counters.last_value + $2
             RETURNING last_value AS last`,
            [storeId, Number(n)],
          );
          const last = Number(rows[0]?.last);
          if (last >= 10 ** ORDER_SEQUENCE_DIGITS) throw new Error(`store ${storeId} ran out of order numbers`);
          await client.query(
            `UPDATE demo_batch SET order_id = $2::bigint * $4::bigint + ($3::bigint - $5::bigint) + seq WHERE store_id = $1`,
            [storeId, Number(orderPrefix(storeId)), last, 10 ** ORDER_SEQUENCE_DIGITS, Number(n)],
          );
        }

        // 4. Orders, with the customer's details copied as checkout does.
        await client.query(
          `INSERT INTO orders (order_id, store_id, customer_id, status, currency, tax_rate_bp, subtotal, tax_amount, fees,
             total, customer_email, customer_firstname, customer_lastname, paid_at, created_at, updated_at)
           SELECT b.order_id, b.store_id, c.id,
             CASE WHEN b.panel_status = 0 THEN 'pending' WHEN b.panel_status = 120 THEN 'closed' ELSE 'complete' END,
             'EUR', l.tax_rate_bp, l.subtotal, l.tax_amount, l.fees, l.total, c.email, c.firstname, c.lastname,
             CASE WHEN b.panel_status = 0 THEN NULL ELSE b.created_at + interval '2 minutes' END,
             b.created_at, b.updated_at
           FROM demo_batch b
           JOIN demo_customers c ON c.k = b.customer_k
           JOIN demo_line_pool l ON l.store_id = b.store_id AND l.k = b.line_k
           ORDER BY b.order_id`,
        );

        // 5. Items: the priced line, the panel status and what agents set on it.
        await client.query(
          `INSERT INTO order_items (order_id, product_id, product_name, qty, answers, product_options, base_price,
             options_price, subtotal, tax_amount, fees, total, panel_status_id, referencia, incidencia_status_id,
             incidencia_text, priority, standby_until, deadline_at, provider_id, asignee_id, staff_message_at, created_at,
             updated_at)
           SELECT b.order_id, l.product_id, l.product_name, 1, l.answers, l.product_options, l.base_price,
             l.options_price, l.subtotal, l.tax_amount, l.fees, l.total, b.panel_status,
             CASE WHEN b.panel_status = ANY($3::int[]) THEN
               ${pickText(4, 'h')} || '-' || to_char(b.created_at, 'YYYY') || '/' || lpad((h % 1000000)::text, 6, '0') END,
             CASE WHEN b.panel_status = 60 THEN ($7::int[])[1 + h % cardinality($7::int[])] END,
             CASE WHEN b.panel_status = 60 THEN
               ${pickText(8, '(h / 7)')} END,
             CASE WHEN h % 100 < 6 THEN 1 + h % 3 ELSE 0 END,
             CASE WHEN h % 100 BETWEEN 10 AND 12 AND NOT b.panel_status = ANY($2::int[])
                  THEN $1::timestamptz + (1 + h % 7) * interval '1 day' END,
             CASE WHEN h % 100 BETWEEN 20 AND 27 AND NOT b.panel_status = ANY($2::int[])
                  THEN b.created_at + (2 + h % 10) * interval '1 day' END,
             CASE WHEN b.panel_status >= 50 AND b.panel_status NOT IN (60, 70) THEN
               ${pickText(11, '(h / 13)')} END,
             CASE WHEN h % 100 BETWEEN 30 AND 33 AND NOT b.panel_status = ANY($2::int[]) THEN b.agent END,
             CASE WHEN b.panel_status = 60 THEN b.updated_at END,
             b.created_at, b.updated_at
           FROM (SELECT *, hashint8extended(g, $14) & 2147483647 AS h FROM demo_batch) b
           JOIN demo_line_pool l ON l.store_id = b.store_id AND l.k = b.line_k
           ORDER BY b.order_id`,
          [
            now,
            FINAL_STATUSES,
            ANSWERED_STATUSES,
            REFERENCE_PREFIXES[1],
            REFERENCE_PREFIXES[16],
            REFERENCE_PREFIXES[17],
            INCIDENCE_IDS,
            INCIDENT_TEXTS[1],
            INCIDENT_TEXTS[16],
            INCIDENT_TEXTS[17],
            PROVIDERS[1],
            PROVIDERS[16],
            PROVIDERS[17],
            seed + 200,
          ],
        );

        // 6. The captured payment of every paid order.
        await client.query(
          `INSERT INTO payments (order_id, method, provider, provider_ref, amount, status, card_brand, card_last4,
             created_at, updated_at)
           SELECT o.order_id, m.method, 'sandbox', 'demo-' || o.order_id, o.total, 'captured',
             CASE WHEN m.method = 'cc' THEN 'visa' END,
             CASE WHEN m.method = 'cc' THEN lpad((o.order_id % 10000)::text, 4, '0') END,
             o.paid_at, o.paid_at
           FROM orders o JOIN demo_batch b ON b.order_id = o.order_id
           CROSS JOIN LATERAL (SELECT CASE o.store_id
               WHEN 16 THEN (ARRAY['cc', 'multibanco', 'sibsmbway'])[1 + o.order_id % 3]
               WHEN 17 THEN (ARRAY['cc', 'paypal'])[1 + o.order_id % 2]
               ELSE (ARRAY['cc', 'cc', 'bizum', 'paypal', 'bank'])[1 + o.order_id % 5] END AS method) m
           WHERE o.paid_at IS NOT NULL`,
        );

        // 7. History: created, paid, then the agent's status change (or the incident).
        await client.query(
          `INSERT INTO item_history (item_id, accion, old_status, new_status, admin_user_id, details, created_at)
           SELECT i.item_id, v.accion, v.old_status, v.new_status, v.admin_user_id,
             -- incidence_id as the incident loop records it; incidencia_status_id as the list's look-up reads it.
             CASE WHEN v.accion = 'incidencia' THEN jsonb_build_object('incidence_id', i.incidencia_status_id,
               'incidencia_status_id', i.incidencia_status_id, 'text', i.incidencia_text) END,
             v.at
           FROM order_items i JOIN demo_batch b ON b.order_id = i.order_id
           CROSS JOIN LATERAL (VALUES
             ('pedido_creado', NULL::int, 0, NULL::int, b.created_at, true),
             ('pago_confirmado', 0, 40, NULL::int, b.created_at + interval '2 minutes', b.panel_status <> 0),
             (CASE WHEN b.panel_status = 60 THEN 'incidencia' ELSE 'cambio_estado' END, 40, b.panel_status, b.agent,
              b.updated_at, b.panel_status NOT IN (0, 40))
           ) AS v(accion, old_status, new_status, admin_user_id, at, wanted)
           WHERE v.wanted`,
        );

        // 8. Notes on about one item in eight (one in five of them pinned), by the staff.
        if (agents.length > 0) {
          await client.query(
            `INSERT INTO item_notes (item_id, text, pinned, admin_user_id, created_at)
             SELECT i.item_id,
               ${pickText(2, '(h / 11)')},
               h % 5 = 0, b.agent, b.updated_at
             FROM order_items i
             JOIN (SELECT *, hashint8extended(g, $1) & 2147483647 AS h FROM demo_batch) b ON b.order_id = i.order_id
             WHERE b.h % 8 = 0 AND b.agent IS NOT NULL`,
            [seed + 300, NOTE_TEXTS[1], NOTE_TEXTS[16], NOTE_TEXTS[17]],
          );
        }
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      }
      done += size;
      options.onProgress?.({ done, total, elapsedMs: Date.now() - started });
    }
    await client.query('DROP TABLE IF EXISTS demo_line_pool, demo_customers, demo_batch');
    // Fresh planner statistics (the list's queries pick their indexes by them) and a visibility map (index-only scans),
    // rather than waiting for autovacuum: a freshly bulk-loaded table otherwise gets poor plans for a while.
    if (total > 0) {
      for (const table of ['orders', 'order_items', 'item_notes', 'item_history', 'users']) {
        await client.query(`VACUUM (ANALYZE) ${table}`);
      }
    }
  } finally {
    client.release();
  }
  return { orders: total, customers, ms: Date.now() - started };
}
