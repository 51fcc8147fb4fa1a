-- The catalogue's revision counter (docs/catalogue.md): every instance reloads the catalogue into memory when it moves,
-- instead of reading and comparing every store, category and product every 5 seconds.
CREATE TABLE "catalog_revision" (
	"id" integer PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalog_revision" ("id", "value") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION catalog_revision_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_revision SET value = value + 1 WHERE id = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER stores_catalog_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stores
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_revision_bump();--> statement-breakpoint
CREATE TRIGGER categories_catalog_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_revision_bump();--> statement-breakpoint
CREATE TRIGGER products_catalog_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_revision_bump();--> statement-breakpoint
CREATE TRIGGER product_stores_catalog_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_stores
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_revision_bump();
