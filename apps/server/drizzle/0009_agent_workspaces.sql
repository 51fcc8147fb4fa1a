CREATE TABLE "agent_workspaces" (
	"admin_user_id" integer PRIMARY KEY NOT NULL,
	"tabs" jsonb NOT NULL,
	"active_tab" text,
	"closed_item_ids" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_workspaces" ADD CONSTRAINT "agent_workspaces_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_history_agent_idx" ON "item_history" USING btree ("admin_user_id","id");--> statement-breakpoint
CREATE INDEX "order_items_asignee_idx" ON "order_items" USING btree ("asignee_id","updated_at");