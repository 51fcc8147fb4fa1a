CREATE TABLE "config_conservatorias" (
	"id" text PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"direccion" text,
	"ciudad" text,
	"telf1" text,
	"telf2" text,
	"email" text,
	"email_update" text,
	"lento" boolean DEFAULT false NOT NULL,
	"caderneta" boolean DEFAULT false NOT NULL,
	"retifica" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_ips" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"purpose" text NOT NULL,
	"date" text NOT NULL,
	"user" text,
	"version" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_list_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"record_key" text NOT NULL,
	"action" text NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "config_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"match" text NOT NULL,
	"type" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_municipio_alias" (
	"id" serial PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"municipio" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_municipios" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre_landing" text NOT NULL,
	"alias_landing" text,
	"provincia_landing" text,
	"nombre_registradores" text,
	"nombre_registradores2" text,
	"version" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_notarias" (
	"id_registro" text PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"direccion" text,
	"localidad" text,
	"provincia" text,
	"email" text,
	"telefono" text,
	"version" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_provider_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"concepto" text NOT NULL,
	"importe" integer NOT NULL,
	"fecha" text NOT NULL,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"email" text,
	"telefono" text,
	"contacto" text,
	"hipotecas" boolean DEFAULT false NOT NULL,
	"escrituras" boolean DEFAULT false NOT NULL,
	"notas" text,
	"version" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_registro_certificaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_registro" text NOT NULL,
	"nombre" text NOT NULL,
	"ayuda" text,
	"atributos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_registros" (
	"id_registro" text PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"direccion" text,
	"localidad" text,
	"provincia" text,
	"codigo_postal" text,
	"email" text,
	"telefono" text,
	"registro_lento" boolean DEFAULT false NOT NULL,
	"peticionario" text,
	"negativa" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_registros_mercantiles" (
	"id_registro" text PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"direccion" text,
	"localidad" text,
	"provincia" text,
	"email" text,
	"telefono" text,
	"version" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_tipos_certificaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text,
	"version" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "config_list_history" ADD CONSTRAINT "config_list_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_municipio_alias" ADD CONSTRAINT "config_municipio_alias_municipio_config_municipios_id_fk" FOREIGN KEY ("municipio") REFERENCES "public"."config_municipios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_provider_payments" ADD CONSTRAINT "config_provider_payments_provider_id_config_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."config_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_registro_certificaciones" ADD CONSTRAINT "config_registro_certificaciones_id_registro_config_registros_id_registro_fk" FOREIGN KEY ("id_registro") REFERENCES "public"."config_registros"("id_registro") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "config_ips_uq" ON "config_ips" USING btree ("ip","purpose");--> statement-breakpoint
CREATE INDEX "config_list_history_record_idx" ON "config_list_history" USING btree ("list","record_key","id");--> statement-breakpoint
CREATE UNIQUE INDEX "config_matches_uq" ON "config_matches" USING btree ("match","type");--> statement-breakpoint
CREATE UNIQUE INDEX "config_municipio_alias_uq" ON "config_municipio_alias" USING btree ("alias");--> statement-breakpoint
CREATE INDEX "config_municipio_alias_municipio_idx" ON "config_municipio_alias" USING btree ("municipio");--> statement-breakpoint
CREATE UNIQUE INDEX "config_municipios_uq" ON "config_municipios" USING btree ("nombre_landing","provincia_landing");--> statement-breakpoint
CREATE INDEX "config_provider_payments_provider_idx" ON "config_provider_payments" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "config_registro_certificaciones_uq" ON "config_registro_certificaciones" USING btree ("id_registro","nombre");--> statement-breakpoint
CREATE UNIQUE INDEX "config_tipos_certificaciones_uq" ON "config_tipos_certificaciones" USING btree ("nombre");