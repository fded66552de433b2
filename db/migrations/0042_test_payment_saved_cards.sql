CREATE TABLE "test_payment_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payment_charges_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "test_payment_charges_reason_of_decline" CHECK (("test_payment_charges"."outcome" = 'declined') = ("test_payment_charges"."decline_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "test_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"card_number" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_payment_refunds" ALTER COLUMN "session_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "test_payment_refunds" ADD COLUMN "charge_id" text;--> statement-breakpoint
ALTER TABLE "test_payment_sessions" ADD COLUMN "mode" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_payment_sessions" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "test_payment_sessions" ADD COLUMN "save_card_consent" text;--> statement-breakpoint
ALTER TABLE "test_payment_sessions" ADD COLUMN "saved_payment_method_id" text;--> statement-breakpoint
ALTER TABLE "test_payment_sessions" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "test_payment_charges" ADD CONSTRAINT "test_payment_charges_payment_method_id_test_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."test_payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_payment_refunds" ADD CONSTRAINT "test_payment_refunds_charge_id_test_payment_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."test_payment_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_payment_sessions" ADD CONSTRAINT "test_payment_sessions_saved_payment_method_id_test_payment_methods_id_fk" FOREIGN KEY ("saved_payment_method_id") REFERENCES "public"."test_payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_payment_sessions" ADD CONSTRAINT "test_payment_sessions_payment_intent_id_unique" UNIQUE("payment_intent_id");--> statement-breakpoint
ALTER TABLE "test_payment_refunds" ADD CONSTRAINT "test_payment_refunds_one_payment" CHECK (num_nonnulls("test_payment_refunds"."session_id", "test_payment_refunds"."charge_id") = 1);