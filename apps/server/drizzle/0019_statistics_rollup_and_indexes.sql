-- Statistics (docs/backoffice.md, "Statistics"): the daily rollup of orders and the indexes of the range queries.
CREATE TABLE "order_stats_daily" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"status" text NOT NULL,
	"orders" integer NOT NULL,
	"paid_orders" integer NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "order_stats_daily_day_store_id_status_pk" PRIMARY KEY("day","store_id","status")
);
--> statement-breakpoint
CREATE INDEX "item_history_stats_idx" ON "item_history" USING btree ("created_at","admin_user_id","new_status","old_status") WHERE admin_user_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_stats_idx" ON "orders" USING btree ("created_at","store_id","paid_at","order_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
-- order_stats_daily is kept by statement triggers on orders, whoever writes (checkout, payments, back office, demo
-- data): each statement's old rows are taken out and its new rows put in, as one upsert in key order (two writers
-- lock the rollup's rows in the same order). Updates that change none of the counted columns write nothing.
CREATE FUNCTION order_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_stats_daily AS s (day, store_id, status, orders, paid_orders, revenue)
    SELECT (created_at AT TIME ZONE 'Europe/Madrid')::date, store_id, status, count(*), count(paid_at),
      coalesce(sum(total) FILTER (WHERE paid_at IS NOT NULL), 0)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, store_id, status) DO UPDATE SET orders = s.orders + excluded.orders,
      paid_orders = s.paid_orders + excluded.paid_orders, revenue = s.revenue + excluded.revenue;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_stats_daily AS s (day, store_id, status, orders, paid_orders, revenue)
    SELECT (created_at AT TIME ZONE 'Europe/Madrid')::date, store_id, status, -count(*), -count(paid_at),
      -coalesce(sum(total) FILTER (WHERE paid_at IS NOT NULL), 0)
    FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, store_id, status) DO UPDATE SET orders = s.orders + excluded.orders,
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
    ON CONFLICT (day, store_id, status) DO UPDATE SET orders = s.orders + excluded.orders,
      paid_orders = s.paid_orders + excluded.paid_orders, revenue = s.revenue + excluded.revenue;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_stats_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_apply();--> statement-breakpoint
CREATE TRIGGER orders_stats_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_apply();--> statement-breakpoint
CREATE TRIGGER orders_stats_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stats_apply();--> statement-breakpoint
-- The orders already there.
INSERT INTO order_stats_daily (day, store_id, status, orders, paid_orders, revenue)
SELECT (created_at AT TIME ZONE 'Europe/Madrid')::date, store_id, status, count(*), count(paid_at),
  coalesce(sum(total) FILTER (WHERE paid_at IS NOT NULL), 0)
FROM orders GROUP BY 1, 2, 3;
