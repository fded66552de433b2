import type { Database } from "../../db/client.ts";

/** A database transaction as Drizzle hands it to the callback of `db.transaction`. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
