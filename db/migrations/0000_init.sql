CREATE TABLE "bag_lines" (
	"bag_id" text NOT NULL,
	"option_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bag_lines_bag_id_option_id_pk" PRIMARY KEY("bag_id","option_id"),
	CONSTRAINT "bag_lines_quantity_range" CHECK ("bag_lines"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "bags" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_skus" (
	"option_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"qty" integer NOT NULL,
	CONSTRAINT "option_skus_option_id_sku_id_pk" PRIMARY KEY("option_id","sku_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"series_code" text NOT NULL,
	"kind" text NOT NULL,
	"active" boolean NOT NULL,
	"campaign_discount_exclusion" boolean DEFAULT false NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_options" (
	"option_id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"option_name" text NOT NULL,
	"option_price_cents" integer NOT NULL,
	"flavour_name" text,
	"is_upsell_option" boolean DEFAULT false NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"function" text,
	"tagline" text NOT NULL,
	"description" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"sku_id" text PRIMARY KEY NOT NULL,
	"series_code" text NOT NULL,
	"flavour_name" text NOT NULL,
	"format" text NOT NULL,
	"retail_price_cents" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bag_lines" ADD CONSTRAINT "bag_lines_bag_id_bags_id_fk" FOREIGN KEY ("bag_id") REFERENCES "public"."bags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bag_lines" ADD CONSTRAINT "bag_lines_option_id_purchase_options_option_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."purchase_options"("option_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_skus" ADD CONSTRAINT "option_skus_option_id_purchase_options_option_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."purchase_options"("option_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_skus" ADD CONSTRAINT "option_skus_sku_id_skus_sku_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("sku_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_series_code_series_code_fk" FOREIGN KEY ("series_code") REFERENCES "public"."series"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_options" ADD CONSTRAINT "purchase_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_series_code_series_code_fk" FOREIGN KEY ("series_code") REFERENCES "public"."series"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_series_idx" ON "products" USING btree ("series_code");--> statement-breakpoint
CREATE INDEX "purchase_options_product_idx" ON "purchase_options" USING btree ("product_id");