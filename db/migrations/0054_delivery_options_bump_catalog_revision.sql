-- The pages quote the delivery options (the service bar, the footer, each product page's promise), so a
-- change at /admin/delivery renews the pages the cache keeps, as a catalogue change does.
CREATE TRIGGER delivery_options_bump_catalog_revision AFTER INSERT OR UPDATE OR DELETE ON "delivery_options"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision();
