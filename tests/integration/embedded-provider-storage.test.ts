import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identityProviderRecords as records } from "../../db/schema/identity-provider.ts";
import { findTestAccount, signInTestAccount } from "../../integrations/identity/embedded-provider/accounts.ts";
import { databaseAdapter } from "../../integrations/identity/embedded-provider/database-adapter.ts";
import { loadProviderSecrets } from "../../integrations/identity/embedded-provider/persisted-secrets.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

describe(`the embedded identity provider's storage (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const adapter = (model: string) => databaseAdapter(database.db)(model);
  const expire = (model: string, id: string) =>
    database.db
      .update(records)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(records.model, model), eq(records.id, id)));

  it("stores, replaces and finds payloads per model", async () => {
    await adapter("Grant").upsert("g1", { accountId: "a1", clientId: "c" }, 60);
    await adapter("Grant").upsert("g1", { accountId: "a2", clientId: "c" }, 60);
    expect(await adapter("Grant").find("g1")).toEqual({ accountId: "a2", clientId: "c" });
    expect(await adapter("Session").find("g1")).toBeUndefined();
  });

  it("finds sessions by uid and treats expired rows as missing", async () => {
    const sessions = adapter("Session");
    await sessions.upsert("s1", { uid: "u1", accountId: "a1" }, 60);
    expect(await sessions.findByUid("u1")).toMatchObject({ accountId: "a1" });
    await expire("Session", "s1");
    expect(await sessions.findByUid("u1")).toBeUndefined();
    expect(await sessions.find("s1")).toBeUndefined();
  });

  it("marks a consumed code, and keeps it consumed when it is saved again", async () => {
    const codes = adapter("AuthorizationCode");
    await codes.upsert("code1", { grantId: "g9", accountId: "a1" }, 60);
    await codes.consume("code1");
    const consumed = await codes.find("code1");
    expect(typeof consumed?.consumed).toBe("number");
    await codes.upsert("code1", { grantId: "g9", accountId: "a1" }, 60);
    expect(typeof (await codes.find("code1"))?.consumed).toBe("number");
  });

  it("revokes every token of a grant and nothing else", async () => {
    const tokens = adapter("RefreshToken");
    await tokens.upsert("rt1", { grantId: "grant-a" }, 60);
    await tokens.upsert("rt2", { grantId: "grant-a" }, 60);
    await tokens.upsert("rt3", { grantId: "grant-b" }, 60);
    await tokens.revokeByGrantId("grant-a");
    expect(await tokens.find("rt1")).toBeUndefined();
    expect(await tokens.find("rt2")).toBeUndefined();
    expect(await tokens.find("rt3")).toEqual({ grantId: "grant-b" });
    await tokens.destroy("rt3");
    expect(await tokens.find("rt3")).toBeUndefined();
  });

  it("drops expired rows when a sign-in starts, and keeps rows without an expiry", async () => {
    await adapter("AccessToken").upsert("old", { accountId: "a1" }, 60);
    await expire("AccessToken", "old");
    await signInTestAccount(database.db, { provider: "google", email: "keep@example.com", name: "Keep" });
    await adapter("Interaction").upsert("i1", { uid: "i1" }, 60);
    const left = await database.db.select({ id: records.id }).from(records).where(eq(records.model, "AccessToken"));
    expect(left.map((row) => row.id)).not.toContain("old");
    const accounts = await database.db.select().from(records).where(eq(records.id, "google:keep@example.com"));
    expect(accounts).toHaveLength(1);
  });

  it("gives an account one subject per provider and email", async () => {
    const first = await signInTestAccount(database.db, { provider: "facebook", email: "arjun@example.com", name: "Arjun" });
    const again = await signInTestAccount(database.db, {
      provider: "facebook",
      email: " ARJUN@example.com ",
      name: "Arjun Nair",
    });
    const google = await signInTestAccount(database.db, { provider: "google", email: "arjun@example.com", name: "Arjun" });
    expect(again.sub).toBe(first.sub);
    expect(again.userId).toBe(first.userId);
    expect(again.name).toBe("Arjun Nair");
    expect(google.sub).not.toBe(first.sub);
    expect(await findTestAccount(database.db, first.sub)).toEqual(again);
  });

  it("makes the client secret and keys once, even when processes start together", async () => {
    const [a, b] = await Promise.all([loadProviderSecrets(database.db), loadProviderSecrets(database.db)]);
    expect(b).toEqual(a);
    expect(await loadProviderSecrets(database.db)).toEqual(a);
    expect(a.clientSecret.length).toBeGreaterThanOrEqual(40);
    expect(a.jwks.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    expect(a.jwks.keys[0]).toHaveProperty("d");
  });
});
