ALTER TABLE "orders" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_language" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "start_now_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_tax_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_country" text;