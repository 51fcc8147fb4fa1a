CREATE TABLE "rate_counters" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"hits" integer NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_counters_bucket_key_pk" PRIMARY KEY("bucket","key")
);
--> statement-breakpoint
ALTER TABLE "login_failures" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ALTER COLUMN "token_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "outbox_id" integer;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_outbox_id_unique" UNIQUE("outbox_id");--> statement-breakpoint
UPDATE "email_outbox" SET "text_body" = regexp_replace("text_body", '#token=[A-Za-z0-9_-]+', '#token=REDACTED', 'g'), "html_body" = regexp_replace("html_body", '#token=[A-Za-z0-9_-]+', '#token=REDACTED', 'g') WHERE "kind" = 'password_reset';
