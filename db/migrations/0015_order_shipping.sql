ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_one_subject";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_one_subject" CHECK (("email_outbox"."kind" <> 'error-alert') = ("email_outbox"."order_id" is not null) and ("email_outbox"."kind" = 'error-alert') = ("email_outbox"."alert_id" is not null));