CREATE TABLE "item_assistant" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"changed_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_assistant" ADD CONSTRAINT "item_assistant_item_id_order_items_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("item_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_assistant" ADD CONSTRAINT "item_assistant_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;