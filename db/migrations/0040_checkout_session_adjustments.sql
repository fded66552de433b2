-- A checkout session keeps the discounts it was priced with as a list, as its order will (decision 054):
-- the promotion code's, then a referred friend's, made from the columns 0041 drops.
ALTER TABLE "checkout_sessions" ADD COLUMN "adjustments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "checkout_sessions" SET "adjustments" =
  CASE WHEN "promotion_code" IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object(
    'source', 'promotion-code', 'code', "promotion_code", 'cents', "discount_cents" - "referral_discount_cents",
    'label', 'Discount (' || "promotion_code" || ')')) END
  || CASE WHEN "referral_code" IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object(
    'source', 'referral', 'code', "referral_code", 'cents', "referral_discount_cents",
    'label', 'Friend''s first-order discount')) END
WHERE "promotion_code" IS NOT NULL OR "referral_code" IS NOT NULL;
