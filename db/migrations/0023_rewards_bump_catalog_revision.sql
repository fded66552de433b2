-- The rewards and what each can be taken as are kept with the catalogue's revision, so a change to a
-- reward raises it like any catalogue change. Row by row: the start's "insert what is missing" of the
-- seeded rewards changes nothing and must not raise it.
CREATE TRIGGER rewards_bump_catalog_revision AFTER INSERT OR UPDATE OR DELETE ON "rewards"
  FOR EACH ROW EXECUTE FUNCTION bump_catalog_revision();
