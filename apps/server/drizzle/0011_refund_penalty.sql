ALTER TABLE "invoices" ADD COLUMN "cancelled_amount" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "penalty" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "penalty" integer DEFAULT 0 NOT NULL;