-- Lock changes reach the other agents at once (docs/backoffice.md, "Locks that follow the agent"): whenever an order
-- item's holder changes (taken, released, forced, handed over by the queue or a delegation, every path alike), the
-- transaction announces it on item_lock_changed; PostgreSQL delivers it at the commit, never for a rollback, to every
-- instance's LISTEN connection, which passes it to its agents' event streams.
CREATE FUNCTION order_items_lock_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('item_lock_changed', json_build_object('item_id', NEW.item_id, 'locked_by', NEW.locked_by)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_items_lock_notify AFTER UPDATE OF locked_by ON order_items
  FOR EACH ROW WHEN (OLD.locked_by IS DISTINCT FROM NEW.locked_by)
  EXECUTE FUNCTION order_items_lock_notify();
