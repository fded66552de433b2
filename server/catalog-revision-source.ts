import type { DatabaseHandle } from "../db/client.ts";

/**
 * Where the page cache learns the catalogue revision. Embedded: kept in memory and refreshed by the
 * revision trigger's notification, which arrives before the changing statement returns. PostgreSQL:
 * read on every use, because another process may have changed the catalogue.
 */
export async function catalogRevisionSource(
  database: Pick<DatabaseHandle, "listen">,
  readRevision: () => Promise<number>,
): Promise<() => Promise<number>> {
  if (!database.listen) return readRevision;
  let current = readRevision();
  await database.listen("catalog_changed", () => {
    current = readRevision();
  });
  current = readRevision();
  return () => current;
}
