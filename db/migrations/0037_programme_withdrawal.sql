-- A published version is never changed or removed, with one exception: a version scheduled for later
-- may go back to being a draft, whole (its number and rules), before it takes effect. The shop checks
-- the time under the programme's lock; here, a version whose tiers were ever judged stays published.
CREATE OR REPLACE FUNCTION refuse_published_programme_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."state" = 'published' AND NEW."state" = 'draft'
      AND NEW."number" = OLD."number" AND NEW."rules" = OLD."rules"
      AND NEW."effective_at" IS NULL AND NEW."published_at" IS NULL
      AND OLD."tiers_judged_at" IS NULL AND OLD."tiers_judged_through" IS NULL THEN
    RETURN NEW;
  END IF;
  IF OLD."state" = 'published' AND (TG_OP = 'DELETE' OR NEW."rules" IS DISTINCT FROM OLD."rules"
      OR NEW."effective_at" IS DISTINCT FROM OLD."effective_at" OR NEW."state" IS DISTINCT FROM OLD."state"
      OR NEW."number" IS DISTINCT FROM OLD."number") THEN
    RAISE EXCEPTION 'programme version % is published and cannot be changed', OLD."number" USING ERRCODE = 'check_violation';
  END IF;
  RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
