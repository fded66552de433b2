import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consumeRateLimit } from "../../domain/shared/rate-limit.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

describe(`rate limits (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const rule = { name: "test", limit: 5, windowSeconds: 60 };

  it("lets exactly the limit through in a window, even all at once, then refuses with a clear message", async () => {
    const now = new Date("2026-11-21T10:00:30Z");
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, () => consumeRateLimit(database.db, rule, "1.2.3.4", now)),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(5);
    const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "RATE_LIMITED", message: "Too many attempts. Please try again in 1 minute." });
    await expect(consumeRateLimit(database.db, rule, "5.6.7.8", now)).resolves.toBeUndefined();
  });

  it("starts afresh in the next window and keeps one row per client", async () => {
    await expect(consumeRateLimit(database.db, rule, "1.2.3.4", new Date("2026-11-21T10:01:05Z"))).resolves.toBeUndefined();
    const rows = await queryRows(database.db, sql`select hits from rate_limit_hits where bucket = 'test:1.2.3.4'`);
    expect(rows).toEqual([{ hits: 1 }]);
  });
});
