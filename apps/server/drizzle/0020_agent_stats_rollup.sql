-- Statistics: the daily rollup of agents' throughput (docs/backoffice.md, "Statistics").
CREATE TABLE "agent_stats_daily" (
	"day" date NOT NULL,
	"admin_user_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"actions" integer NOT NULL,
	"finished" integer NOT NULL,
	CONSTRAINT "agent_stats_daily_day_admin_user_id_store_id_pk" PRIMARY KEY("day","admin_user_id","store_id")
);
--> statement-breakpoint
-- agent_stats_daily is kept by statement triggers on item_history (docs/backoffice.md, "Statistics"): lines written by
-- an agent, counted by the Madrid day, the agent and the store of the line's order; old rows out, new rows in, as one
-- upsert in key order.
CREATE FUNCTION agent_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO agent_stats_daily AS s (day, admin_user_id, store_id, actions, finished)
    SELECT d.day, d.admin_user_id, d.store_id, sum(d.n)::int, sum(d.f)::int
    FROM (
    SELECT (h.created_at AT TIME ZONE 'Europe/Madrid')::date AS day, h.admin_user_id, o.store_id, 1 AS n,
      (h.new_status IN (70, 100, 101, 110, 120) AND h.old_status IS DISTINCT FROM h.new_status)::int AS f
    FROM new_rows h JOIN order_items i ON i.item_id = h.item_id JOIN orders o ON o.order_id = i.order_id
    WHERE h.admin_user_id IS NOT NULL
    ) d
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, admin_user_id, store_id) DO UPDATE SET actions = s.actions + excluded.actions,
      finished = s.finished + excluded.finished;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO agent_stats_daily AS s (day, admin_user_id, store_id, actions, finished)
    SELECT d.day, d.admin_user_id, d.store_id, sum(d.n)::int, sum(d.f)::int
    FROM (
    SELECT (h.created_at AT TIME ZONE 'Europe/Madrid')::date AS day, h.admin_user_id, o.store_id, -1 AS n,
      -(h.new_status IN (70, 100, 101, 110, 120) AND h.old_status IS DISTINCT FROM h.new_status)::int AS f
    FROM old_rows h JOIN order_items i ON i.item_id = h.item_id JOIN orders o ON o.order_id = i.order_id
    WHERE h.admin_user_id IS NOT NULL
    ) d
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, admin_user_id, store_id) DO UPDATE SET actions = s.actions + excluded.actions,
      finished = s.finished + excluded.finished;
  ELSE
    INSERT INTO agent_stats_daily AS s (day, admin_user_id, store_id, actions, finished)
    SELECT d.day, d.admin_user_id, d.store_id, sum(d.n)::int, sum(d.f)::int
    FROM (
    SELECT (h.created_at AT TIME ZONE 'Europe/Madrid')::date AS day, h.admin_user_id, o.store_id, -1 AS n,
      -(h.new_status IN (70, 100, 101, 110, 120) AND h.old_status IS DISTINCT FROM h.new_status)::int AS f
    FROM old_rows h JOIN order_items i ON i.item_id = h.item_id JOIN orders o ON o.order_id = i.order_id
    WHERE h.admin_user_id IS NOT NULL
    UNION ALL
    SELECT (h.created_at AT TIME ZONE 'Europe/Madrid')::date AS day, h.admin_user_id, o.store_id, 1 AS n,
      (h.new_status IN (70, 100, 101, 110, 120) AND h.old_status IS DISTINCT FROM h.new_status)::int AS f
    FROM new_rows h JOIN order_items i ON i.item_id = h.item_id JOIN orders o ON o.order_id = i.order_id
    WHERE h.admin_user_id IS NOT NULL
    ) d
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, admin_user_id, store_id) DO UPDATE SET actions = s.actions + excluded.actions,
      finished = s.finished + excluded.finished;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER item_history_stats_insert AFTER INSERT ON item_history REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agent_stats_apply();--> statement-breakpoint
CREATE TRIGGER item_history_stats_update AFTER UPDATE ON item_history REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agent_stats_apply();--> statement-breakpoint
CREATE TRIGGER item_history_stats_delete AFTER DELETE ON item_history REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agent_stats_apply();--> statement-breakpoint
-- The lines already there.
INSERT INTO agent_stats_daily (day, admin_user_id, store_id, actions, finished)
SELECT (h.created_at AT TIME ZONE 'Europe/Madrid')::date, h.admin_user_id, o.store_id, count(*),
  count(*) FILTER (WHERE h.new_status IN (70, 100, 101, 110, 120) AND h.old_status IS DISTINCT FROM h.new_status)
FROM item_history h JOIN order_items i ON i.item_id = h.item_id JOIN orders o ON o.order_id = i.order_id
WHERE h.admin_user_id IS NOT NULL
GROUP BY 1, 2, 3;
