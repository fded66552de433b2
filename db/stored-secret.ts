import { eq } from "drizzle-orm";
import type { Database } from "./client.ts";
import { storedSecrets } from "./schema/secrets.ts";

/** The secret kept under `name`; when there is none yet, stores a new one. Processes starting together agree on the first one stored. */
export async function storedSecret<T>(db: Database, name: string, create: () => Promise<T> | T): Promise<T> {
  const existing = await read<T>(db, name);
  if (existing !== undefined) return existing;
  await db
    .insert(storedSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const stored = await read<T>(db, name);
  if (stored === undefined) throw new Error(`The secret "${name}" could not be kept.`);
  return stored;
}

async function read<T>(db: Database, name: string): Promise<T | undefined> {
  const [row] = await db.select({ value: storedSecrets.value }).from(storedSecrets).where(eq(storedSecrets.name, name));
  return row ? (row.value as T) : undefined;
}
