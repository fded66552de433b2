import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { exportJWK, generateKeyPair } from "jose";
import type { JWKS } from "oidc-provider";
import type { Database } from "../../../db/client.ts";
import { identityProviderRecords as records } from "../../../db/schema/members.ts";

/** Rows of the provider's own set-up, beside oidc-provider's models in the same table. */
const SETUP_MODEL = "EmbeddedProviderSetup";

export type ProviderSecrets = {
  clientSecret: string;
  /** Private signing keys (RS256): tokens verify across restarts and processes. */
  jwks: JWKS;
  /** Keys that sign the provider's cookies. */
  cookieKeys: string[];
};

/** The client secret, signing keys and cookie keys: made once, kept in the database, the same for every process. */
export async function loadProviderSecrets(db: Database): Promise<ProviderSecrets> {
  const clientSecret = await storedOnce(db, "client-secret", async () => randomBytes(32).toString("base64url"));
  const jwks = await storedOnce(db, "signing-keys", signingKeys);
  const cookieKeys = await storedOnce(db, "cookie-keys", async () => [randomBytes(32).toString("base64url")]);
  return { clientSecret, jwks, cookieKeys };
}

async function signingKeys(): Promise<JWKS> {
  const { privateKey } = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { keys: [{ ...jwk, kid: randomUUID(), alg: "RS256", use: "sig" }] };
}

/** Reads the value; when missing, stores a new one. Processes starting together agree on the first one stored. */
async function storedOnce<T>(db: Database, id: string, create: () => Promise<T>): Promise<T> {
  const existing = await read<T>(db, id);
  if (existing !== undefined) return existing;
  await db
    .insert(records)
    .values({ model: SETUP_MODEL, id, payload: { value: await create() } })
    .onConflictDoNothing();
  const stored = await read<T>(db, id);
  if (stored === undefined) throw new Error(`The embedded identity provider could not keep its ${id}.`);
  return stored;
}

async function read<T>(db: Database, id: string): Promise<T | undefined> {
  const [row] = await db
    .select({ payload: records.payload })
    .from(records)
    .where(and(eq(records.model, SETUP_MODEL), eq(records.id, id)));
  return row ? (row.payload.value as T) : undefined;
}
