ALTER TABLE "order_items" ADD COLUMN "provider_id" text;--> statement-breakpoint
CREATE INDEX "order_items_provider_idx" ON "order_items" USING btree ("provider_id","created_at");