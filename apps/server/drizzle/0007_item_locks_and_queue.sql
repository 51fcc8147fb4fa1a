CREATE TABLE "agent_queue_state" (
	"admin_user_id" integer PRIMARY KEY NOT NULL,
	"last_item_id" integer NOT NULL,
	"queue" text NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "locked_by" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "lock_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "standby_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "asignee_id" integer;--> statement-breakpoint
ALTER TABLE "agent_queue_state" ADD CONSTRAINT "agent_queue_state_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_queue_state" ADD CONSTRAINT "agent_queue_state_last_item_id_order_items_item_id_fk" FOREIGN KEY ("last_item_id") REFERENCES "public"."order_items"("item_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_asignee_id_users_id_fk" FOREIGN KEY ("asignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_queue_idx" ON "order_items" USING btree ("panel_status_id","priority","deadline_at","created_at");