-- The statistics triggers that ran for nothing on every paid order (docs/performance.md, "Checkout"): the payment's
-- move of its lines to the work queue (an UPDATE of order_items' status) ran the products' statement trigger, and
-- both history lines of an order (written by no agent) ran the agents' one; each captured its transition tables, ran
-- its function and an upsert that found no row to count. These two are now row triggers whose WHEN clause, checked
-- as the row is written, queues nothing when there is nothing to count; when there is, each row's change is one
-- upsert (the same sums as the statement functions of migrations 0020 and 0034, which keep the other events).
CREATE FUNCTION product_stats_item_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_stats_daily AS s (day, store_id, product_id, items, paid_items, revenue)
  SELECT d.day, d.store_id, d.product_id, sum(d.n)::int, sum(d.p)::int, sum(d.c)
  FROM (
    SELECT (o.created_at AT TIME ZONE 'Europe/Madrid')::date AS day, o.store_id, OLD.product_id AS product_id, -1 AS n,
      -(o.paid_at IS NOT NULL)::int AS p, CASE WHEN o.paid_at IS NOT NULL THEN -OLD.total ELSE 0 END AS c
    FROM orders o WHERE o.order_id = OLD.order_id
    UNION ALL
    SELECT (o.created_at AT TIME ZONE 'Europe/Madrid')::date, o.store_id, NEW.product_id, 1,
      (o.paid_at IS NOT NULL)::int, CASE WHEN o.paid_at IS NOT NULL THEN NEW.total ELSE 0 END
    FROM orders o WHERE o.order_id = NEW.order_id
  ) d
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (day, store_id, product_id, slot) DO UPDATE SET items = s.items + excluded.items,
    paid_items = s.paid_items + excluded.paid_items, revenue = s.revenue + excluded.revenue;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER order_items_stats_update ON order_items;--> statement-breakpoint
CREATE TRIGGER order_items_stats_update AFTER UPDATE OF order_id, product_id, total ON order_items FOR EACH ROW
  WHEN ((OLD.order_id, OLD.product_id, OLD.total) IS DISTINCT FROM (NEW.order_id, NEW.product_id, NEW.total))
  EXECUTE FUNCTION product_stats_item_changed();--> statement-breakpoint
CREATE FUNCTION agent_stats_history_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_stats_daily AS s (day, admin_user_id, store_id, actions, finished)
  SELECT (NEW.created_at AT TIME ZONE 'Europe/Madrid')::date, NEW.admin_user_id, o.store_id, 1,
    (NEW.new_status IN (70, 100, 101, 110, 120) AND NEW.old_status IS DISTINCT FROM NEW.new_status)::int
  FROM order_items i JOIN orders o ON o.order_id = i.order_id
  WHERE i.item_id = NEW.item_id
  ON CONFLICT (day, admin_user_id, store_id) DO UPDATE SET actions = s.actions + excluded.actions,
    finished = s.finished + excluded.finished;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER item_history_stats_insert ON item_history;--> statement-breakpoint
CREATE TRIGGER item_history_stats_insert AFTER INSERT ON item_history FOR EACH ROW
  WHEN (NEW.admin_user_id IS NOT NULL)
  EXECUTE FUNCTION agent_stats_history_added();
