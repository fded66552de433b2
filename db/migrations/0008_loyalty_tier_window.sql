ALTER TABLE "members" ADD COLUMN "tier_window_start_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "members_gold_start_idx" ON "members" USING btree ("gold_start_at");