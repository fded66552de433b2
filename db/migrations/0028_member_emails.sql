CREATE TABLE "member_email_opt_outs" (
	"member_id" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_email_opt_outs_member_id_kind_pk" PRIMARY KEY("member_id","kind")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_one_subject";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "member_id" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "subject_key" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "skipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_email_opt_outs" ADD CONSTRAINT "member_email_opt_outs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_one_per_member_subject" ON "email_outbox" USING btree ("member_id","kind","subject_key");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_one_subject" CHECK (("email_outbox"."kind" in ('order-confirmation', 'order-shipped', 'order-refund')) = ("email_outbox"."order_id" is not null)
        and ("email_outbox"."kind" = 'error-alert') = ("email_outbox"."alert_id" is not null)
        and ("email_outbox"."kind" in ('order-confirmation', 'order-shipped', 'order-refund', 'error-alert')) = ("email_outbox"."subject_key" is null));