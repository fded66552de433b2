import type { DatabaseHandle } from "../db/client.ts";

/**
 * Where the page cache learns the catalogue revision. Embedded: kept in memory and refreshed by the
 * revision trigger's notification, which arrives before the changing statement returns. PostgreSQL:
 * read for every use, because another process may have changed the catalogue, in reads shared as
 * `sharedFreshReads` says.
 */
export async function catalogRevisionSource(
  database: Pick<DatabaseHandle, "listen">,
  readRevision: () => Promise<number>,
): Promise<() => Promise<number>> {
  if (!database.listen) return sharedFreshReads(readRevision);
  let current = readRevision();
  await database.listen("catalog_changed", () => {
    current = readRevision();
  });
  current = readRevision();
  return () => current;
}

/**
 * One read at a time, shared: whoever asks while a read is under way gets the next one, which starts
 * once that read is back, together with everyone else who asked meanwhile. No one is answered by a
 * read that began before they asked, so a change committed before a request is always seen by it;
 * under load there is about one read per round trip to the database instead of one per request.
 */
export function sharedFreshReads<T>(read: () => Promise<T>): () => Promise<T> {
  let underWay: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const reading = read().finally(() => {
      if (underWay === reading) underWay = null;
    });
    underWay = reading;
    return reading;
  };
  return () => {
    if (!underWay) return start();
    next ??= underWay.then(
      () => {
        next = null;
        return start();
      },
      () => {
        next = null;
        return start();
      },
    );
    return next;
  };
}
