CREATE TABLE "pt_series_codes" (
	"series_key" text PRIMARY KEY NOT NULL,
	"validation_code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pt_document_no" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pt_system_entry" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pt_hash" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pt_atcud" text;