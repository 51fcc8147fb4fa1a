ALTER TABLE "cart_items" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "link_generation" integer DEFAULT 0 NOT NULL;