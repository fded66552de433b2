import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { catalogRevision } from "../../db/schema/catalog.ts";

/**
 * Reads the committed catalogue revision: any change to series, products, options or SKUs raises it.
 * The statement is built once and named, so the database plans it once per connection: it is read
 * for every page the cache serves.
 */
export function catalogRevisionReader(db: Database): () => Promise<number> {
  const statement = db
    .select({ revision: catalogRevision.revision })
    .from(catalogRevision)
    .where(eq(catalogRevision.id, 1))
    .prepare("catalog_revision");
  return async () => {
    const [row] = await statement.execute();
    if (!row) throw new Error("catalog_revision row is missing: the migrations have not run");
    return row.revision;
  };
}
