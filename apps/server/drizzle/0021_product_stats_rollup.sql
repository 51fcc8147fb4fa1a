-- Statistics: the daily rollup of order lines per product (docs/backoffice.md, "Statistics").
CREATE TABLE "product_stats_daily" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"items" integer NOT NULL,
	"paid_items" integer NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "product_stats_daily_day_store_id_product_id_pk" PRIMARY KEY("day","store_id","product_id")
);--> statement-breakpoint
-- Lines in and out (order_items' statement triggers): each line counted under its order's day, store and payment;
-- an update counts only when it changes the line's order, product or total.
CREATE FUNCTION product_stats_items_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
    ON CONFLICT (day, store_id, product_id) DO UPDATE SET items = s.items + excluded.items,
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
    ON CONFLICT (day, store_id, product_id) DO UPDATE SET items = s.items + excluded.items,
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
    ON CONFLICT (day, store_id, product_id) DO UPDATE SET items = s.items + excluded.items,
      paid_items = s.paid_items + excluded.paid_items, revenue = s.revenue + excluded.revenue;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_items_stats_insert AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_stats_items_apply();--> statement-breakpoint
CREATE TRIGGER order_items_stats_update AFTER UPDATE ON order_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_stats_items_apply();--> statement-breakpoint
CREATE TRIGGER order_items_stats_delete AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_stats_items_apply();--> statement-breakpoint
-- An order paid (or moved to another store or day) moves its lines: out under the old order, in under the new one.
CREATE FUNCTION product_stats_orders_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
    ON CONFLICT (day, store_id, product_id) DO UPDATE SET items = s.items + excluded.items,
      paid_items = s.paid_items + excluded.paid_items, revenue = s.revenue + excluded.revenue;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_product_stats_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_stats_orders_apply();--> statement-breakpoint
-- The lines already there.
INSERT INTO product_stats_daily (day, store_id, product_id, items, paid_items, revenue)
SELECT (o.created_at AT TIME ZONE 'Europe/Madrid')::date, o.store_id, i.product_id, count(*),
  count(*) FILTER (WHERE o.paid_at IS NOT NULL), coalesce(sum(i.total) FILTER (WHERE o.paid_at IS NOT NULL), 0)
FROM order_items i JOIN orders o ON o.order_id = i.order_id
GROUP BY 1, 2, 3;
