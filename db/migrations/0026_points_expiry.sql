CREATE TABLE "expiry_warnings" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"expires_on" text NOT NULL,
	"days_before" integer NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "expiry_warnings" ADD CONSTRAINT "expiry_warnings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expiry_warnings_once" ON "expiry_warnings" USING btree ("member_id","expires_on","days_before");--> statement-breakpoint
CREATE INDEX "expiry_warnings_unsent_idx" ON "expiry_warnings" USING btree ("created_at") WHERE "expiry_warnings"."sent_at" is null;