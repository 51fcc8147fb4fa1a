-- The back-office search (docs/backoffice.md, "Search"): trigram indexes need pg_trgm (a trusted extension since
-- PostgreSQL 13; the embedded PGlite loads it in its worker).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "order_items_created_idx";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "search_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "order_items_search_text_trgm_idx" ON "order_items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_items_search_email_trgm_idx" ON "order_items" USING gin ("search_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_items_referencia_idx" ON "order_items" USING btree ("referencia");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "order_items_updated_idx" ON "order_items" USING btree ("updated_at","item_id");--> statement-breakpoint
CREATE INDEX "order_items_priority_idx" ON "order_items" USING btree ("priority","created_at");--> statement-breakpoint
CREATE INDEX "order_items_deadline_idx" ON "order_items" USING btree ("deadline_at","created_at");--> statement-breakpoint
CREATE INDEX "order_items_created_idx" ON "order_items" USING btree ("created_at","item_id");--> statement-breakpoint
-- order_items.search_text / search_email are kept by these triggers, whoever writes (checkout, back office, demo data):
-- reference, customer name, answers' print values and notes, lower-cased, one per line (a search never matches across
-- two of them; the filter refuses control characters).
CREATE FUNCTION order_items_search_fill() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  SELECT customer_email, customer_firstname, customer_lastname INTO o FROM orders WHERE order_id = NEW.order_id;
  NEW.search_email := lower(coalesce(o.customer_email, ''));
  NEW.search_text := lower(concat_ws(E'\n',
    NEW.referencia,
    nullif(trim(concat_ws(' ', o.customer_firstname, o.customer_lastname)), ''),
    (SELECT string_agg(line ->> 'print_value', E'\n')
       FROM jsonb_array_elements(CASE WHEN jsonb_typeof(NEW.product_options) = 'array'
                                      THEN NEW.product_options ELSE '[]'::jsonb END) AS line),
    (SELECT string_agg(n.text, E'\n' ORDER BY n.id) FROM item_notes n WHERE n.item_id = NEW.item_id)));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_items_search_fill BEFORE INSERT OR UPDATE OF order_id, referencia, product_options, search_text, search_email
  ON order_items FOR EACH ROW EXECUTE FUNCTION order_items_search_fill();--> statement-breakpoint
-- A note written, edited or deleted refreshes its item's search text (setting the column fires the trigger above).
CREATE FUNCTION item_notes_search_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE order_items SET search_text = '' WHERE item_id = OLD.item_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.item_id IS DISTINCT FROM OLD.item_id) THEN
    UPDATE order_items SET search_text = '' WHERE item_id = NEW.item_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER item_notes_search_touch AFTER INSERT OR DELETE OR UPDATE OF text, item_id
  ON item_notes FOR EACH ROW EXECUTE FUNCTION item_notes_search_touch();--> statement-breakpoint
-- The customer's name and e-mail are copied onto the order; should they be corrected, the items follow.
CREATE FUNCTION orders_search_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_items SET search_text = '' WHERE order_id = NEW.order_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_search_touch AFTER UPDATE OF customer_email, customer_firstname, customer_lastname
  ON orders FOR EACH ROW
  WHEN (OLD.customer_email IS DISTINCT FROM NEW.customer_email
     OR OLD.customer_firstname IS DISTINCT FROM NEW.customer_firstname
     OR OLD.customer_lastname IS DISTINCT FROM NEW.customer_lastname)
  EXECUTE FUNCTION orders_search_touch();--> statement-breakpoint
UPDATE order_items SET search_text = '';
