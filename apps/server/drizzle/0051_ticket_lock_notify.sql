-- Ticket locks follow the agent as the orders' do (docs/backoffice.md, "Locks that follow the agent"): whenever a
-- ticket's holder changes (taken, released, forced, given by the Tickets queue, freed at sign-out), the transaction
-- announces it, delivered at the commit (never for a rollback) to every instance's LISTEN connection. Orders and
-- tickets share one channel, lock_changed (was item_lock_changed), and one function: its arguments name the payload's
-- id field and the column it comes from, so the payload is {item_id, locked_by} or {ticket_id, locked_by}.
CREATE FUNCTION lock_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lock_changed',
    json_build_object(TG_ARGV[0], to_jsonb(NEW) -> TG_ARGV[1], 'locked_by', NEW.locked_by)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER order_items_lock_notify ON order_items;--> statement-breakpoint
DROP FUNCTION order_items_lock_notify();--> statement-breakpoint
CREATE TRIGGER order_items_lock_notify AFTER UPDATE OF locked_by ON order_items
  FOR EACH ROW WHEN (OLD.locked_by IS DISTINCT FROM NEW.locked_by)
  EXECUTE FUNCTION lock_notify('item_id', 'item_id');--> statement-breakpoint
CREATE TRIGGER tickets_lock_notify AFTER UPDATE OF locked_by ON tickets
  FOR EACH ROW WHEN (OLD.locked_by IS DISTINCT FROM NEW.locked_by)
  EXECUTE FUNCTION lock_notify('ticket_id', 'id');
