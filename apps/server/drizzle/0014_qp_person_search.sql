CREATE TABLE "qp_localizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"registro" text NOT NULL,
	"finca" text NOT NULL,
	"municipio" text DEFAULT '' NOT NULL,
	"titular" text DEFAULT '' NOT NULL,
	"admin_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qp_names" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"apellidos" text NOT NULL,
	"nif" text NOT NULL,
	"maximo" integer,
	"processed_at" timestamp with time zone,
	"admin_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qp_localizations" ADD CONSTRAINT "qp_localizations_item_id_order_items_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("item_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qp_localizations" ADD CONSTRAINT "qp_localizations_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qp_names" ADD CONSTRAINT "qp_names_item_id_order_items_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("item_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qp_names" ADD CONSTRAINT "qp_names_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qp_localizations_item_idx" ON "qp_localizations" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "qp_names_item_idx" ON "qp_names" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "qp_names_nif_idx" ON "qp_names" USING btree ("nif");