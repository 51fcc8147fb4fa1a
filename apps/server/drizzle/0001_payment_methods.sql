CREATE TABLE "customer_payment_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"provider" text,
	"provider_token" text,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "instructions" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "method" text DEFAULT 'cc' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "otp_code" text;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "otp_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "otp_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "mb_entity" text;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "mb_reference" text;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "three_ds_return_url" text;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "card_exp" text;--> statement-breakpoint
ALTER TABLE "customer_payment_preferences" ADD CONSTRAINT "customer_payment_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
