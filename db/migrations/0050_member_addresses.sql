CREATE TABLE "member_addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"label" text NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"street" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"postal_code" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_addresses" ADD CONSTRAINT "member_addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_addresses_member_idx" ON "member_addresses" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_addresses_one_default" ON "member_addresses" USING btree ("member_id") WHERE "member_addresses"."is_default";