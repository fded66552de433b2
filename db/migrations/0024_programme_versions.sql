CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"multiplier" real,
	"bonus_points" integer,
	"scope" text NOT NULL,
	"scope_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audience" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaigns_ends_after_start" CHECK ("campaigns"."ends_at" > "campaigns"."starts_at"),
	CONSTRAINT "campaigns_amount" CHECK (("campaigns"."kind" = 'multiplier' and "campaigns"."multiplier" > 1) or ("campaigns"."kind" = 'fixed' and "campaigns"."bonus_points" > 0))
);
--> statement-breakpoint
CREATE TABLE "programme_versions" (
	"number" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"rules" jsonb NOT NULL,
	"effective_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"published_by" text,
	"published_at" timestamp with time zone,
	"tiers_judged_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "programme_versions_published_has_time" CHECK ("programme_versions"."state" = 'draft' or ("programme_versions"."effective_at" is not null and "programme_versions"."published_at" is not null))
);
--> statement-breakpoint
-- Every entry so far was made by version 1, the programme as the shop opened with it.
ALTER TABLE "point_transactions" ADD COLUMN "programme_version" integer NOT NULL DEFAULT 1;--> statement-breakpoint
ALTER TABLE "point_transactions" ALTER COLUMN "programme_version" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "campaigns_time_idx" ON "campaigns" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "programme_versions_one_draft" ON "programme_versions" USING btree ("state") WHERE "programme_versions"."state" = 'draft';--> statement-breakpoint
CREATE INDEX "programme_versions_effective_idx" ON "programme_versions" USING btree ("effective_at");--> statement-breakpoint
-- A published version is never changed or removed: only a later version succeeds it.
CREATE FUNCTION refuse_published_programme_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."state" = 'published' AND (TG_OP = 'DELETE' OR NEW."rules" IS DISTINCT FROM OLD."rules"
      OR NEW."effective_at" IS DISTINCT FROM OLD."effective_at" OR NEW."state" IS DISTINCT FROM OLD."state"
      OR NEW."number" IS DISTINCT FROM OLD."number") THEN
    RAISE EXCEPTION 'programme version % is published and cannot be changed', OLD."number" USING ERRCODE = 'check_violation';
  END IF;
  RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER programme_versions_published_stay BEFORE UPDATE OR DELETE ON "programme_versions"
  FOR EACH ROW EXECUTE FUNCTION refuse_published_programme_change();
--> statement-breakpoint
-- Pages and replies kept with the catalogue's revision show the programme and its campaigns. Row by
-- row: the start's "insert version 1 when missing" changes nothing and must not raise it.
CREATE TRIGGER programme_versions_bump_catalog_revision AFTER INSERT OR UPDATE OR DELETE ON "programme_versions"
  FOR EACH ROW EXECUTE FUNCTION bump_catalog_revision();
--> statement-breakpoint
CREATE TRIGGER campaigns_bump_catalog_revision AFTER INSERT OR UPDATE OR DELETE ON "campaigns"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision();
