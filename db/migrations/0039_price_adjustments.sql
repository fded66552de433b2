-- An order's discounts become rows (domain/orders/price-adjustment.ts): the promotion code's (its code even
-- when it took nothing off) first, then a referred friend's with the referral's code, labelled as the
-- documents named them; then the per-source columns go. discount_cents stays, the rows' sum.
CREATE TABLE "price_adjustments" (
	"order_id" text NOT NULL,
	"position" integer NOT NULL,
	"source" text NOT NULL,
	"code" text,
	"cents" integer NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "price_adjustments_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "price_adjustment_cents_not_negative" CHECK ("price_adjustments"."cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "price_adjustments" ADD CONSTRAINT "price_adjustments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "price_adjustments" ("order_id", "position", "source", "code", "cents", "label")
SELECT "id", 0, 'promotion-code', "promotion_code", "discount_cents" - "referral_discount_cents",
  CASE WHEN "promotion_code" IS NULL THEN 'Discount' ELSE 'Discount (' || "promotion_code" || ')' END
FROM "orders"
WHERE "promotion_code" IS NOT NULL OR "discount_cents" > "referral_discount_cents";--> statement-breakpoint
INSERT INTO "price_adjustments" ("order_id", "position", "source", "code", "cents", "label")
SELECT "orders"."id", (SELECT count(*) FROM "price_adjustments" WHERE "order_id" = "orders"."id"), 'referral',
  "referrals"."code", "orders"."referral_discount_cents", 'Friend''s first-order discount'
FROM "orders" LEFT JOIN "referrals" ON "referrals"."order_id" = "orders"."id"
WHERE "orders"."referral_discount_cents" > 0;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "referral_discount_cents";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "promotion_code";