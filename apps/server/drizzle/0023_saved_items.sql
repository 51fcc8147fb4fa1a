CREATE TABLE "item_document_reads" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"file_id" integer,
	"doc_parsed" jsonb NOT NULL,
	"doc_parsed_entities" jsonb NOT NULL,
	"parsed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_item_orders" (
	"saved_item_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_item_orders_saved_item_id_item_id_pk" PRIMARY KEY("saved_item_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "saved_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"meta" jsonb NOT NULL,
	"favourite" boolean DEFAULT false NOT NULL,
	"seguimiento" boolean DEFAULT false NOT NULL,
	"dedupe_key" text,
	"search_text" text DEFAULT '' NOT NULL,
	"origin" text DEFAULT 'customer' NOT NULL,
	"file_id" integer,
	"doc_parsed" jsonb,
	"doc_parsed_entities" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "save_items_from_orders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "item_document_reads" ADD CONSTRAINT "item_document_reads_item_id_order_items_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("item_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_document_reads" ADD CONSTRAINT "item_document_reads_file_id_item_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."item_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_item_orders" ADD CONSTRAINT "saved_item_orders_saved_item_id_saved_items_id_fk" FOREIGN KEY ("saved_item_id") REFERENCES "public"."saved_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_item_orders" ADD CONSTRAINT "saved_item_orders_item_id_order_items_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("item_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_items" ADD CONSTRAINT "saved_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_items" ADD CONSTRAINT "saved_items_file_id_item_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."item_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_item_orders_item_idx" ON "saved_item_orders" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_items_identity_uq" ON "saved_items" USING btree ("user_id","kind","dedupe_key");--> statement-breakpoint
CREATE INDEX "saved_items_list_idx" ON "saved_items" USING btree ("user_id","kind","created_at","id");