-- Statistics: queue age for some stores read from two indexes alone (docs/performance.md, "Back-office statistics").
CREATE INDEX "order_items_queue_age_idx" ON "order_items" USING btree ("panel_status_id","created_at","order_id");--> statement-breakpoint
CREATE INDEX "orders_store_idx" ON "orders" USING btree ("store_id","order_id");