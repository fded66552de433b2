ALTER TABLE "programme_versions" ADD COLUMN "tiers_judged_through" text;--> statement-breakpoint
-- Pages show a version's rules, state and effective time; the progress of the scheduled tier
-- judgement changes none of them and must not empty every kept page, batch after batch.
DROP TRIGGER "programme_versions_bump_catalog_revision" ON "programme_versions";
--> statement-breakpoint
CREATE TRIGGER programme_versions_bump_catalog_revision AFTER INSERT OR DELETE OR UPDATE OF "state", "rules", "effective_at" ON "programme_versions"
  FOR EACH ROW EXECUTE FUNCTION bump_catalog_revision();
