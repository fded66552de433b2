CREATE TABLE "stored_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "stored_secrets" ("name", "value")
SELECT 'identity-provider-' || "id", "payload" -> 'value'
FROM "identity_provider_records"
WHERE "model" = 'EmbeddedProviderSetup' AND "id" IN ('client-secret', 'signing-keys', 'cookie-keys')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "identity_provider_records" WHERE "model" = 'EmbeddedProviderSetup';
