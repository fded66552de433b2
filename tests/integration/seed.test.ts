import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { purchaseOptions } from "../../db/schema/catalog.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

describe(`seeding the catalogue (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  async function snapshot() {
    const [row] = await queryRows(
      database.db,
      sql`
      select
        (select count(*)::int from series) as series,
        (select count(*)::int from products) as products,
        (select count(*)::int from purchase_options) as options,
        (select count(*)::int from skus) as skus,
        (select count(*)::int from option_skus) as option_skus,
        (select md5(string_agg(option_id || ':' || option_price_cents, ',' order by option_id)) from purchase_options) as prices`,
    );
    return row;
  }

  it("fills an empty database, and a second run changes nothing", async () => {
    await seedCatalog(database.db);
    const first = await snapshot();
    expect(first).toMatchObject({ series: 4, products: 16, skus: 30 });
    await seedCatalog(database.db);
    expect(await snapshot()).toEqual(first);
  });

  it("never overwrites a price edited since", async () => {
    await database.db.update(purchaseOptions).set({ optionPriceCents: 3500 }).where(eq(purchaseOptions.optionId, "op-m8_ba-1b"));
    await seedCatalog(database.db);
    const [row] = await database.db
      .select({ price: purchaseOptions.optionPriceCents })
      .from(purchaseOptions)
      .where(eq(purchaseOptions.optionId, "op-m8_ba-1b"));
    expect(row?.price).toBe(3500);
  });

  it("applies each committed migration once, and opening again changes nothing", async () => {
    const journal = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../db/migrations/meta/_journal.json"), "utf8"));
    const count = () => queryRows(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(await count()).toEqual([{ n: journal.entries.length }]);
    if (database.url) {
      const again = await openDatabase({ databaseUrl: database.url });
      await again.close();
    }
    expect(await count()).toEqual([{ n: journal.entries.length }]);
  });
});
