CREATE TABLE "config_provider_payment_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "config_provider_payment_files" ADD CONSTRAINT "config_provider_payment_files_payment_id_config_provider_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."config_provider_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_provider_payment_files" ADD CONSTRAINT "config_provider_payment_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "config_provider_payment_files_payment_idx" ON "config_provider_payment_files" USING btree ("payment_id","id");