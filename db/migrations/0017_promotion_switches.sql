ALTER TABLE "promotion_codes" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD COLUMN "min_spend_cents" integer;