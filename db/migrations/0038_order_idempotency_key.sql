-- Every order is placed once per idempotency key; a checkout's key is its payment session's (domain/checkout/fulfil-checkout.ts).
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
UPDATE "orders" SET "idempotency_key" = 'checkout:' || "checkout_session_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "idempotency_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_idempotency_key_unique" UNIQUE("idempotency_key");
