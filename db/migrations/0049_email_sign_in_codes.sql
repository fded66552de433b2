CREATE TABLE "email_sign_in_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"interaction_uid" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "code_email" text;--> statement-breakpoint
CREATE INDEX "email_sign_in_codes_interaction_idx" ON "email_sign_in_codes" USING btree ("interaction_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "members_code_email" ON "members" USING btree ("code_email");