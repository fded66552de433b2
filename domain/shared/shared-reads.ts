import type { SQL } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";

/** The database calls that may change something (raw SQL included); any other call only reads. */
const MAY_WRITE = new Set<PropertyKey>(["insert", "update", "delete", "execute", "transaction"]);
/**
 * The request's database as it is, without the watch, for raw queries that only read. A registered
 * symbol: the server's modules and the built pages' copies of this one must name the same key.
 */
const UNWATCHED = Symbol.for("nectar-lab.shared-reads.unwatched");

/**
 * The reads one request makes more than once, made once: the bag that the header counts, the page
 * shows and the visitor cookie counts again; the member a page and its gold progress both read. A
 * read is shared only until the request first calls its database to write: that forgets every
 * shared read and shares none after, so nothing read before a change is shown after it (an action,
 * then the page's loaders; an order completed while the page is made). Made per request and dropped
 * with it: no process keeps anything between requests.
 */
export type SharedReads = {
  /** `read`'s answer, made by the first caller with this key; a failed read is not kept. */
  share<T>(key: string, read: () => PromiseLike<T>): Promise<T>;
};

/** A request's shared reads, with the database its operations must use so that its writes end the sharing. */
export function shareReads(db: Database): { db: Database; reads: SharedReads } {
  let open = true;
  const made = new Map<string, Promise<unknown>>();
  const watched = new Proxy(db, {
    get(target, property, receiver) {
      if (property === UNWATCHED) return target;
      if (open && MAY_WRITE.has(property)) {
        open = false;
        made.clear();
      }
      return Reflect.get(target, property, receiver);
    },
  });
  return {
    db: watched,
    reads: {
      share<T>(key: string, read: () => PromiseLike<T>): Promise<T> {
        if (!open) return Promise.resolve(read());
        const known = made.get(key) as Promise<T> | undefined;
        if (known) return known;
        // A query builder runs again each time it is awaited: its answer is kept, once, as a promise.
        const reading = Promise.resolve(read());
        made.set(key, reading);
        reading.catch(() => {
          if (made.get(key) === reading) made.delete(key);
        });
        return reading;
      },
    },
  };
}

/** A read shared with the rest of the request when the context has shared reads (a request's), made anew otherwise. */
export function sharedRead<T>(ctx: { reads?: SharedReads }, key: string, read: () => PromiseLike<T>): Promise<T> {
  return ctx.reads ? ctx.reads.share(key, read) : Promise.resolve(read());
}

/**
 * A raw query that only reads (a SELECT): unlike `execute`, which may write, it leaves the request's
 * reads shared. Never give it a statement that changes anything.
 */
export function selectRows<Row>(db: Database | Tx, query: SQL): Promise<{ rows: Row[] }> {
  const plain = (db as Database & { [UNWATCHED]?: Database })[UNWATCHED] ?? db;
  return plain.execute(query) as unknown as Promise<{ rows: Row[] }>;
}
