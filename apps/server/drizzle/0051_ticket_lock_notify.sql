-- Ticket locks follow the agent as the orders' do (docs/backoffice.md, "Locks that follow the agent"): whenever a
-- ticket's holder changes (taken, released, forced, given by the Tickets queue, freed at sign-out), the transaction
-- announces it, delivered at the commit (never for a rollback) to every instance's LISTEN connection. Orders and
-- tickets share one channel, lock_changed (was item_lock_changed): the payload names an item_id or a ticket_id.
CREATE OR REPLACE FUNCTION order_items_lock_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lock_changed', json_build_object('item_id', NEW.item_id, 'locked_by', NEW.locked_by)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION tickets_lock_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lock_changed', json_build_object('ticket_id', NEW.id, 'locked_by', NEW.locked_by)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER tickets_lock_notify AFTER UPDATE OF locked_by ON tickets
  FOR EACH ROW WHEN (OLD.locked_by IS DISTINCT FROM NEW.locked_by)
  EXECUTE FUNCTION tickets_lock_notify();
