CREATE TABLE "product_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"hash" text NOT NULL,
	"alt" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_photos_product_idx" ON "product_photos" USING btree ("product_id","position");--> statement-breakpoint
-- A photo added, moved or removed changes what the shop's pages show, like any catalogue change.
CREATE TRIGGER product_photos_bump_catalog_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision();
