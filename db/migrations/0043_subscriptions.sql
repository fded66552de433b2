CREATE TABLE "subscription_option_terms" (
	"option_id" text PRIMARY KEY NOT NULL,
	"subscribable" boolean DEFAULT true NOT NULL,
	"discount_percent" integer,
	CONSTRAINT "subscription_option_discount_range" CHECK ("subscription_option_terms"."discount_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "subscription_renewals" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"due_on" date NOT NULL,
	"outcome" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"checkout_session_id" text,
	"claimed_until" timestamp with time zone,
	"payment_intent_id" text,
	"failure_reason" text,
	"retry_at" timestamp with time zone,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_settings" (
	"id" text PRIMARY KEY DEFAULT 'shop' NOT NULL,
	"discount_percent" integer DEFAULT 15 NOT NULL,
	"cadences_weeks" jsonb DEFAULT '[2,4,6,8]'::jsonb NOT NULL,
	"reminder_days" integer DEFAULT 3 NOT NULL,
	"retry_days" jsonb DEFAULT '[1,3,5]'::jsonb NOT NULL,
	"sold_out_rule" text DEFAULT 'delay' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_settings_one_row" CHECK ("subscription_settings"."id" = 'shop'),
	CONSTRAINT "subscription_settings_discount_range" CHECK ("subscription_settings"."discount_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"option_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"cadence_weeks" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"next_renewal_on" date NOT NULL,
	"paused_until" date,
	"shipping" jsonb NOT NULL,
	"provider_customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"discount_percent" integer NOT NULL,
	"first_order_id" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_quantity_range" CHECK ("subscriptions"."quantity" between 1 and 99),
	CONSTRAINT "subscriptions_cadence_positive" CHECK ("subscriptions"."cadence_weeks" > 0),
	CONSTRAINT "subscriptions_discount_range" CHECK ("subscriptions"."discount_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ALTER COLUMN "bag_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bag_lines" ADD COLUMN "cadence_weeks" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "subscription_option_terms" ADD CONSTRAINT "subscription_option_terms_option_id_purchase_options_option_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."purchase_options"("option_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_checkout_session_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_option_id_purchase_options_option_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."purchase_options"("option_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_first_order_id_orders_id_fk" FOREIGN KEY ("first_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_renewals_one_per_date" ON "subscription_renewals" USING btree ("subscription_id","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_renewals_order" ON "subscription_renewals" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "subscriptions_member_idx" ON "subscriptions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_renewal_on") WHERE "subscriptions"."status" = 'active';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_intent_id_unique" UNIQUE("payment_intent_id");