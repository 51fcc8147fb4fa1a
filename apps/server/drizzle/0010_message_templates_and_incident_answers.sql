CREATE TABLE "message_templates" (
	"kind" text NOT NULL,
	"template_id" integer NOT NULL,
	"language" text NOT NULL,
	"name" text NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"template" text NOT NULL,
	"subject_template" text DEFAULT '' NOT NULL,
	"header_template" text DEFAULT '' NOT NULL,
	"button_template" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_kind_template_id_language_pk" PRIMARY KEY("kind","template_id","language")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "customer_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "staff_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;