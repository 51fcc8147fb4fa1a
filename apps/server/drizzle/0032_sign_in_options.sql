CREATE TABLE "oauth_nonces" (
	"consumer_key" text NOT NULL,
	"timestamp" integer NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"token" text NOT NULL,
	"secret" text NOT NULL,
	"consumer_key" text NOT NULL,
	"callback" text,
	"verifier_hash" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "oauth_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "oidc_logins" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"session_id_hash" text NOT NULL,
	"audience" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"remember" integer DEFAULT 0 NOT NULL,
	"return_to" text DEFAULT '/' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "oidc_logins_state_hash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
CREATE TABLE "remember_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"series" text NOT NULL,
	"token_hash" text NOT NULL,
	"previous_token_hash" text,
	"rotated_at" timestamp with time zone,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "remember_tokens_series_unique" UNIQUE("series")
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "remember_id" integer;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remember_tokens" ADD CONSTRAINT "remember_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_nonces_unique_idx" ON "oauth_nonces" USING btree ("consumer_key","timestamp","nonce");--> statement-breakpoint
CREATE INDEX "oauth_nonces_expires_idx" ON "oauth_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "oauth_tokens_expires_idx" ON "oauth_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "oidc_logins_expires_idx" ON "oidc_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "remember_tokens_user_idx" ON "remember_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "remember_tokens_expires_idx" ON "remember_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_issuer_subject_idx" ON "user_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "user_identities_user_idx" ON "user_identities" USING btree ("user_id");