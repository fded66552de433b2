CREATE TABLE "dummy_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text NOT NULL,
	"price_cents" integer NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_provider_records" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "identity_provider_records_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "member_identities" (
	"subject" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"provider" text NOT NULL,
	"email" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"subject" text NOT NULL,
	"provider" text NOT NULL,
	"access_token" text NOT NULL,
	"id_token" text,
	"refresh_token" text,
	"access_expires_at" timestamp with time zone NOT NULL,
	"csrf_token" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"google_email" text,
	"facebook_email" text,
	"name" text DEFAULT '' NOT NULL,
	"picture" text,
	"membership_status" text DEFAULT 'green' NOT NULL,
	"total_spent_cents" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"membership_start_at" timestamp with time zone DEFAULT now() NOT NULL,
	"gold_start_at" timestamp with time zone,
	"purchase_count" integer DEFAULT 0 NOT NULL,
	"activities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_points_not_negative" CHECK ("members"."points" >= 0),
	CONSTRAINT "members_total_spent_not_negative" CHECK ("members"."total_spent_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"email" text NOT NULL,
	"activity_type" text NOT NULL,
	"transaction_type" text NOT NULL,
	"points" integer NOT NULL,
	"spent_cents" integer DEFAULT 0 NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text,
	"transaction_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_transactions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "point_transactions_points_not_negative" CHECK ("point_transactions"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "redeems" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"point_transaction_id" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"option_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"order_id" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"state" text PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"return_path" text NOT NULL,
	"member_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bags" ADD COLUMN "member_id" text;--> statement-breakpoint
ALTER TABLE "dummy_orders" ADD CONSTRAINT "dummy_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_identities" ADD CONSTRAINT "member_identities_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_transactions" ADD CONSTRAINT "point_transactions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeems" ADD CONSTRAINT "redeems_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeems" ADD CONSTRAINT "redeems_point_transaction_id_point_transactions_id_fk" FOREIGN KEY ("point_transaction_id") REFERENCES "public"."point_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD CONSTRAINT "sign_in_attempts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dummy_orders_member_idx" ON "dummy_orders" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "identity_provider_records_grant_idx" ON "identity_provider_records" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "identity_provider_records_uid_idx" ON "identity_provider_records" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "member_identities_one_per_provider" ON "member_identities" USING btree ("member_id","provider");--> statement-breakpoint
CREATE INDEX "member_sessions_member_idx" ON "member_sessions" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_google_email" ON "members" USING btree ("google_email");--> statement-breakpoint
CREATE UNIQUE INDEX "members_facebook_email" ON "members" USING btree ("facebook_email");--> statement-breakpoint
CREATE INDEX "members_email_idx" ON "members" USING btree ("email");--> statement-breakpoint
CREATE INDEX "point_transactions_member_idx" ON "point_transactions" USING btree ("member_id","transaction_at");--> statement-breakpoint
CREATE INDEX "redeems_member_idx" ON "redeems" USING btree ("member_id");