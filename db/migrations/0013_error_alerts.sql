CREATE TABLE "error_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"env" text NOT NULL,
	"path" text NOT NULL,
	"message" text NOT NULL,
	"recipient" text,
	"first_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "alert_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "error_alerts_once_per_window" ON "error_alerts" USING btree ("fingerprint","window_start");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_alert_id_error_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."error_alerts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_one_subject" CHECK (("email_outbox"."kind" = 'order-confirmation') = ("email_outbox"."order_id" is not null) and ("email_outbox"."kind" = 'error-alert') = ("email_outbox"."alert_id" is not null));