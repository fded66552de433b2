CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"member_id" text NOT NULL,
	"author_name" text NOT NULL,
	"rating" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "purchase_options" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD COLUMN "per_customer_limit" integer;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD COLUMN "excluded_product_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_member_and_product" ON "reviews" USING btree ("member_id","product_id");--> statement-breakpoint
CREATE INDEX "reviews_product_status_idx" ON "reviews" USING btree ("product_id","status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_status_created_idx" ON "reviews" USING btree ("status","created_at");--> statement-breakpoint
-- Product pages show approved reviews, so a review that joins or leaves them makes cached pages stale
-- like any catalogue change; reviews waiting for staff change nothing a shopper sees.
CREATE TRIGGER reviews_shown_bump_catalog_revision AFTER UPDATE ON "reviews"
  FOR EACH ROW WHEN ((OLD."status" = 'approved') <> (NEW."status" = 'approved'))
  EXECUTE FUNCTION bump_catalog_revision();
--> statement-breakpoint
CREATE TRIGGER reviews_removed_bump_catalog_revision AFTER DELETE ON "reviews"
  FOR EACH ROW WHEN (OLD."status" = 'approved')
  EXECUTE FUNCTION bump_catalog_revision();
