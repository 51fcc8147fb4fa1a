-- The statistics rollups striped (docs/performance.md, "Checkout"): every checkout and payment of a day and store
-- added its change to the same order_stats_daily / product_stats_daily rows and held them until it committed, so all
-- orders queued on them. Each row now also has a slot (the writing transaction's id modulo 64, the column's default):
-- a transaction adds its change to its own slot's row, concurrent ones mostly to different rows. Reads sum the slots.
-- The trigger functions are those of migrations 0019 and 0021 with the slot in their conflict targets.
ALTER TABLE "order_stats_daily" ADD COLUMN "slot" smallint DEFAULT (pg_current_xact_id()::text::bigint % 64) NOT NULL;--> statement-breakpoint
ALTER TABLE "product_stats_daily" ADD COLUMN "slot" smallint DEFAULT (pg_current_xact_id()::text::bigint % 64) NOT NULL;--> statement-breakpoint
ALTER TABLE "order_stats_daily" DROP CONSTRAINT "order_stats_daily_day_store_id_status_pk";--> statement-breakpoint
ALTER TABLE "product_stats_daily" DROP CONSTRAINT "product_stats_daily_day_store_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "order_stats_daily" ADD CONSTRAINT "order_stats_daily_day_store_id_status_slot_pk" PRIMARY KEY("day","store_id","status","slot");--> statement-breakpoint
ALTER TABLE "product_stats_daily" ADD CONSTRAINT "product_stats_daily_day_store_id_product_id_slot_pk" PRIMARY KEY("day","store_id","product_id","slot");--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_stats_daily AS s (day, store_id, status, orders, paid_orders, revenue)
    SELECT (created_at AT TIME ZONE 'Europe/Madrid')::date, store_id, status, count(*), count(paid_at),
      coalesce(sum(total) FILTER (WHERE paid_at IS NOT NULL), 0)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, store_id, status, slot) DO UPDATE SET orders = s.orders + excluded.orders,
      paid_orders = s.paid_orders + excluded.paid_orders, revenue = s.revenue + excluded.revenue;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_stats_daily AS s (day, store_id, status, orders, paid_orders, revenue)
    SELECT (created_at AT TIME ZONE 'Europe/Madrid')::date, store_id, status, -count(*), -count(paid_at),
      -coalesce(sum(total) FILTER (WHERE paid_at IS NOT NULL), 0)
    FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, store_id, status, slot) DO UPDATE SET orders = s.orders + excluded.orders,
      paid_orders = s.paid_orders + excluded.paid_orders, revenue = s.revenue + excluded.revenue;
  ELSE
    INSERT INTO order_stats_daily AS s (day, store_id, status, orders, paid_orders, revenue)
    SELECT day, store_id, status, sum(n)::int, sum(paid)::int, sum(cents)
    FROM (
      SELECT (o.created_at AT TIME ZONE 'Europe/Madrid')::date AS day, o.store_id, o.status, -1 AS n,
        -(o.paid_at IS NOT NULL)::int AS paid, CASE WHEN o.paid_at IS NOT NULL THEN -o.total ELSE 0 END AS cents
      FROM old_rows o JOIN new_rows n ON n.order_id = o.order_id
      WHERE (o.created_at, o.store_id, o.status, o.paid_at IS NULL, o.total)
        IS DISTINCT FROM (n.created_at, n.store_id, n.status, n.paid_at IS NULL, n.total)
      UNION ALL
      SELECT (n.created_at AT TIME ZONE 'Europe/Madrid')::date, n.store_id, n.status, 1,
        (n.paid_at IS NOT NULL)::int, CASE WHEN n.paid_at IS NOT NULL THEN n.total ELSE 0 END
      FROM old_rows o JOIN new_rows n ON n.order_id = o.order_id
      WHERE (o.created_at, o.store_id, o.status, o.paid_at IS NULL, o.total)
        IS DISTINCT FROM (n.created_at, n.store_id, n.status, n.paid_at IS NULL, n.total)
    ) d
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, store_id, status, slot) DO UPDATE SET orders = s.orders + excluded.orders,
      paid_orders = s.paid_orders + excluded.paid_orders, revenue = s.revenue + excluded.revenue;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_stats_items_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_stats_daily AS s (day, store_id, product_id, items, paid_items, revenue)
    SELECT d.day, d.store_id, d.product_id, sum(d.n)::int, sum(d.p)::int, sum(d.c)
    FROM (
      SELECT (o.created_at AT TIME ZONE 'Europe/Madrid')::date AS day, o.store_id, i.product_id, 1 AS n,
        (o.paid_at IS NOT NULL)::int AS p, CASE WHEN o.paid_at IS NOT NULL THEN i.total ELSE 0 END AS c
      FROM new_rows i JOIN orders o ON o.order_id = i.order_id
    ) d
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, store_id, product_id, slot) DO UPDATE SET items = s.items + excluded.items,
      paid_items = s.paid_items + excluded.paid_items, revenue = s.revenue + excluded.revenue;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_stats_daily AS s (day, store_id, product_id, items, paid_items, revenue)
    SELECT d.day, d.store_id, d.product_id, sum(d.n)::int, sum(d.p)::int, sum(d.c)
    FROM (
      SELECT (o.created_at AT TIME ZONE 'Europe/Madrid')::date AS day, o.store_id, i.product_id, -1 AS n,
        -(o.paid_at IS NOT NULL)::int AS p, CASE WHEN o.paid_at IS NOT NULL THEN -i.total ELSE 0 END AS c
      FROM old_rows i JOIN orders o ON o.order_id = i.order_id
    ) d
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, store_id, product_id, slot) DO UPDATE SET items = s.items + excluded.items,
      paid_items = s.paid_items + excluded.paid_items, revenue = s.revenue + excluded.revenue;
  ELSE
    INSERT INTO product_stats_daily AS s (day, store_id, product_id, items, paid_items, revenue)
    SELECT d.day, d.store_id, d.product_id, sum(d.n)::int, sum(d.p)::int, sum(d.c)
    FROM (
      SELECT (o.created_at AT TIME ZONE 'Europe/Madrid')::date AS day, o.store_id, i.product_id, -1 AS n,
        -(o.paid_at IS NOT NULL)::int AS p, CASE WHEN o.paid_at IS NOT NULL THEN -i.total ELSE 0 END AS c
      FROM old_rows i JOIN orders o ON o.order_id = i.order_id
      JOIN new_rows c ON c.item_id = i.item_id
      WHERE (i.order_id, i.product_id, i.total) IS DISTINCT FROM (c.order_id, c.product_id, c.total)
      UNION ALL
      SELECT (o.created_at AT TIME ZONE 'Europe/Madrid')::date AS day, o.store_id, i.product_id, 1 AS n,
        (o.paid_at IS NOT NULL)::int AS p, CASE WHEN o.paid_at IS NOT NULL THEN i.total ELSE 0 END AS c
      FROM new_rows i JOIN orders o ON o.order_id = i.order_id
      JOIN old_rows c ON c.item_id = i.item_id
      WHERE (i.order_id, i.product_id, i.total) IS DISTINCT FROM (c.order_id, c.product_id, c.total)
    ) d
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, store_id, product_id, slot) DO UPDATE SET items = s.items + excluded.items,
      paid_items = s.paid_items + excluded.paid_items, revenue = s.revenue + excluded.revenue;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_stats_orders_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO product_stats_daily AS s (day, store_id, product_id, items, paid_items, revenue)
    SELECT d.day, d.store_id, d.product_id, sum(d.n)::int, sum(d.p)::int, sum(d.c)
    FROM (
      SELECT (o.created_at AT TIME ZONE 'Europe/Madrid')::date AS day, o.store_id, i.product_id, -1 AS n,
        -(o.paid_at IS NOT NULL)::int AS p, CASE WHEN o.paid_at IS NOT NULL THEN -i.total ELSE 0 END AS c
      FROM old_rows o JOIN new_rows n ON n.order_id = o.order_id JOIN order_items i ON i.order_id = o.order_id
      WHERE (o.created_at, o.store_id, o.paid_at IS NULL) IS DISTINCT FROM (n.created_at, n.store_id, n.paid_at IS NULL)
      UNION ALL
      SELECT (n.created_at AT TIME ZONE 'Europe/Madrid')::date, n.store_id, i.product_id, 1,
        (n.paid_at IS NOT NULL)::int, CASE WHEN n.paid_at IS NOT NULL THEN i.total ELSE 0 END
      FROM old_rows o JOIN new_rows n ON n.order_id = o.order_id JOIN order_items i ON i.order_id = n.order_id
      WHERE (o.created_at, o.store_id, o.paid_at IS NULL) IS DISTINCT FROM (n.created_at, n.store_id, n.paid_at IS NULL)
    ) d
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, store_id, product_id, slot) DO UPDATE SET items = s.items + excluded.items,
      paid_items = s.paid_items + excluded.paid_items, revenue = s.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
