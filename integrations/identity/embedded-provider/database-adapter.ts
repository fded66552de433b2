import { and, eq, gt, isNull, lt, or, type SQL } from "drizzle-orm";
import type { Adapter, AdapterFactory, AdapterPayload } from "oidc-provider";
import type { Database } from "../../../db/client.ts";
import { identityProviderRecords as records } from "../../../db/schema/identity-provider.ts";

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, refresh tokens...) in the app's
 * database, so every process shares it and a restart keeps it. One row per model and id; an expired
 * row counts as missing.
 */
export function databaseAdapter(db: Database): AdapterFactory {
  return (model) => new DatabaseAdapter(db, model);
}

class DatabaseAdapter implements Adapter {
  readonly #db: Database;
  readonly #model: string;

  constructor(db: Database, model: string) {
    this.#db = db;
    this.#model = model;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.#db
      .insert(records)
      .values({ model: this.#model, id, ...row })
      .onConflictDoUpdate({ target: [records.model, records.id], set: row });
    // Every sign-in starts an interaction: a natural moment to drop what has expired.
    if (this.#model === "Interaction") await this.#db.delete(records).where(lt(records.expiresAt, new Date()));
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(eq(records.id, id));
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(eq(records.uid, uid));
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(eq(records.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.#db
      .update(records)
      .set({ consumedAt: new Date() })
      .where(and(eq(records.model, this.#model), eq(records.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.#db.delete(records).where(and(eq(records.model, this.#model), eq(records.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.#db.delete(records).where(and(eq(records.model, this.#model), eq(records.grantId, grantId)));
  }

  async #findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
    const [row] = await this.#db
      .select({ payload: records.payload, consumedAt: records.consumedAt })
      .from(records)
      .where(and(eq(records.model, this.#model), condition, or(isNull(records.expiresAt), gt(records.expiresAt, new Date()))))
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }
}
