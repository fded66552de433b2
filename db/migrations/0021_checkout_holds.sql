ALTER TABLE "promotion_codes" DROP CONSTRAINT "promotion_usage_within_limit";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "client_address" text;