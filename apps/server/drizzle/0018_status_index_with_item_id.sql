-- The back-office search by status (docs/performance.md): with item_id in the index the page of a status filter is an
-- index-only scan; without it a two-status search read every match from the table to sort them (26 ms on 1M rows).
DROP INDEX "order_items_status_idx";--> statement-breakpoint
CREATE INDEX "order_items_status_idx" ON "order_items" USING btree ("panel_status_id","created_at","item_id");