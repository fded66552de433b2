CREATE TABLE "stock_levels" (
	"sku_id" text PRIMARY KEY NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer DEFAULT 20 NOT NULL,
	"low_stock_alerted_at" timestamp with time zone,
	CONSTRAINT "stock_held_not_negative" CHECK ("stock_levels"."held" >= 0),
	CONSTRAINT "stock_threshold_not_negative" CHECK ("stock_levels"."low_stock_threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sku_id" text NOT NULL,
	"reason" text NOT NULL,
	"on_hand_change" integer NOT NULL,
	"held_change" integer NOT NULL,
	"checkout_session_id" text,
	"order_id" text,
	"refund_id" text,
	"staff_email" text,
	"note" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "restock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_sku_id_skus_sku_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("sku_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_sku_id_skus_sku_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("sku_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_sku_idx" ON "stock_movements" USING btree ("sku_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_session_idx" ON "stock_movements" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_id");--> statement-breakpoint
-- An option is sold out while one of its SKU lines needs more than that SKU can still sell. When a
-- change to stock turns an option sold out or back on sale, the catalogue's revision is raised, so
-- kept pages stop saying otherwise; a change that leaves every option as it was raises nothing.
-- Deferred to commit, after every stock row the transaction locks: the revision row is always locked last.
CREATE FUNCTION bump_catalog_revision_on_availability() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_available integer := CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.on_hand - OLD.held END;
  after_available integer := NEW.on_hand - NEW.held;
BEGIN
  IF EXISTS (
    SELECT 1 FROM "option_skus"
    WHERE "sku_id" = NEW.sku_id AND (before_available >= "qty") <> (after_available >= "qty")
  ) THEN
    UPDATE "catalog_revision" SET "revision" = "revision" + 1 WHERE "id" = 1;
    PERFORM pg_notify('catalog_changed', '');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stock_levels_bump_catalog_revision AFTER INSERT OR UPDATE ON "stock_levels"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_revision_on_availability();
