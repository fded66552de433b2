CREATE TABLE "subscription_card_changes" (
	"session_id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_card_changes" ADD CONSTRAINT "subscription_card_changes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_card_changes_subscription_idx" ON "subscription_card_changes" USING btree ("subscription_id");