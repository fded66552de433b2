import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { catalogRevision } from "../../db/schema/catalog.ts";

/** The committed catalogue revision: any change to series, products, options or SKUs raises it. */
export async function readCatalogRevision(db: Database): Promise<number> {
  const [row] = await db.select({ revision: catalogRevision.revision }).from(catalogRevision).where(eq(catalogRevision.id, 1));
  if (!row) throw new Error("catalog_revision row is missing: the migrations have not run");
  return row.revision;
}
