CREATE TABLE "delivery_options" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"free_from_cents" integer,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"weekdays" jsonb NOT NULL,
	"cutoff_minutes" integer,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_options_days" CHECK ("delivery_options"."min_days" between 0 and 60 and "delivery_options"."max_days" between "delivery_options"."min_days" and 60),
	CONSTRAINT "delivery_options_price" CHECK ("delivery_options"."price_cents" >= 0)
);
--> statement-breakpoint
INSERT INTO "delivery_options" ("id", "name", "price_cents", "free_from_cents", "min_days", "max_days", "weekdays", "cutoff_minutes", "sort_order") VALUES
	('standard', 'Standard', 490, 6000, 5, 7, '[1,2,3,4,5]', NULL, 0),
	('express', 'Express', 990, 15000, 1, 1, '[1,2,3,4,5]', 840, 1);--> statement-breakpoint
ALTER TABLE "bags" ADD COLUMN "delivery_option_id" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "delivery" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_option_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_option_name" text;--> statement-breakpoint
ALTER TABLE "bags" ADD CONSTRAINT "bags_delivery_option_id_delivery_options_id_fk" FOREIGN KEY ("delivery_option_id") REFERENCES "public"."delivery_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_option_id_delivery_options_id_fk" FOREIGN KEY ("delivery_option_id") REFERENCES "public"."delivery_options"("id") ON DELETE no action ON UPDATE no action;