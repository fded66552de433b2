-- Every change to the catalogue bumps one revision number in the same transaction, so anything
-- cached from the catalogue (rendered pages) can tell at once that it is out of date.
INSERT INTO "catalog_revision" ("id", "revision") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION bump_catalog_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_revision" SET "revision" = "revision" + 1 WHERE "id" = 1;
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER series_bumps_catalog_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "series"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision();
--> statement-breakpoint
CREATE TRIGGER skus_bump_catalog_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "skus"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision();
--> statement-breakpoint
CREATE TRIGGER products_bump_catalog_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision();
--> statement-breakpoint
CREATE TRIGGER purchase_options_bump_catalog_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "purchase_options"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision();
--> statement-breakpoint
CREATE TRIGGER option_skus_bump_catalog_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "option_skus"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision();
