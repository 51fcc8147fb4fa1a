CREATE TABLE "session_wizard_drafts" (
	"session_id_hash" text NOT NULL,
	"store_id" integer NOT NULL,
	"url_key" text NOT NULL,
	"answers" jsonb NOT NULL,
	"edit_line_id" integer,
	"edit_line_version" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_wizard_drafts_session_id_hash_store_id_url_key_pk" PRIMARY KEY("session_id_hash","store_id","url_key")
);
--> statement-breakpoint
ALTER TABLE "session_wizard_drafts" ADD CONSTRAINT "session_wizard_drafts_session_id_hash_sessions_id_hash_fk" FOREIGN KEY ("session_id_hash") REFERENCES "public"."sessions"("id_hash") ON DELETE cascade ON UPDATE no action;