import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedSecret } from "../../db/stored-secret.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

describe(`secrets the shop makes for itself (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("makes a secret once: processes asking together and later all get the first one stored", async () => {
    let made = 0;
    const make = () => `secret-${++made}`;
    const together = await Promise.all([1, 2, 3].map(() => storedSecret(database.db, "email-link-secret", make)));
    expect(new Set(together).size).toBe(1);
    expect(await storedSecret(database.db, "email-link-secret", make)).toBe(together[0]);
  });

  it("keeps each name apart", async () => {
    const first = await storedSecret(database.db, "one", () => "a");
    const second = await storedSecret(database.db, "two", () => "b");
    expect([first, second]).toEqual(["a", "b"]);
  });
});
