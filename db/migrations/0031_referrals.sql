CREATE TABLE "member_devices" (
	"member_id" text NOT NULL,
	"device_id" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_devices_member_id_device_id_pk" PRIMARY KEY("member_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"member_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" text PRIMARY KEY NOT NULL,
	"referrer_member_id" text NOT NULL,
	"code" text NOT NULL,
	"order_id" text NOT NULL,
	"friend_email" text NOT NULL,
	"friend_name" text NOT NULL,
	"friend_address" text NOT NULL,
	"device_id" text,
	"state" text NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"discount_cents" integer NOT NULL,
	"points" integer,
	"programme_version" integer NOT NULL,
	"delivered_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "referral_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referral_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
ALTER TABLE "member_devices" ADD CONSTRAINT "member_devices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_member_id_members_id_fk" FOREIGN KEY ("referrer_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_devices_device_idx" ON "member_devices" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_one_per_order" ON "referrals" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_member_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_due_idx" ON "referrals" USING btree ("delivered_at") WHERE "referrals"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "referrals_held_idx" ON "referrals" USING btree ("created_at") WHERE "referrals"."state" = 'held';