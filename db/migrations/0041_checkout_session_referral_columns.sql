ALTER TABLE "checkout_sessions" DROP COLUMN "referral_discount_cents";--> statement-breakpoint
ALTER TABLE "checkout_sessions" DROP COLUMN "referral_code";