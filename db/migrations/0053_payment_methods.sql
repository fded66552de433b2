CREATE TABLE "payment_method_settings" (
	"id" text PRIMARY KEY DEFAULT 'shop' NOT NULL,
	"paynow" boolean DEFAULT false NOT NULL,
	"grabpay" boolean DEFAULT false NOT NULL,
	"apple_pay" boolean DEFAULT false NOT NULL,
	"google_pay" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_method_settings_one_row" CHECK ("payment_method_settings"."id" = 'shop')
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_wallet" text;--> statement-breakpoint
ALTER TABLE "test_payment_sessions" ADD COLUMN "accepted_methods" jsonb;--> statement-breakpoint
ALTER TABLE "test_payment_sessions" ADD COLUMN "paid_with" jsonb;