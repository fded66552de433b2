import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/** The one module that makes orders (decision 004); fixtures in tests/ and bench/ may insert their own. */
const PLACE_ORDER = "domain/orders/place-order.ts";

/** The shop's own source: every layer and its scripts. */
const SCANNED = ["server", "app", "domain", "integrations", "db", "kernel", "scripts"];

/** An insert into `orders`, through Drizzle (`.insert(orders)`, `.insert(schema.orders)`) or in SQL. */
const ORDER_INSERT = /\.insert\(\s*(?:\w+\.)?orders\s*\)|insert\s+into\s+"?orders"?[\s(]/i;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every file under `root` that inserts into `orders`, but the one that places orders. */
function orderInsertsOutsidePlacing(root: string): string[] {
  return SCANNED.flatMap((top) => sourceFiles(path.join(root, top)))
    .map((file) => path.relative(root, file).split(path.sep).join("/"))
    .filter((file) => file !== PLACE_ORDER && ORDER_INSERT.test(readFileSync(path.join(root, file), "utf8")))
    .sort();
}

describe("one place where orders are made", () => {
  let planted = "";
  afterEach(() => rmSync(planted, { recursive: true, force: true }));

  it("finds no insert into orders outside placeOrder", () => {
    expect(orderInsertsOutsidePlacing(path.resolve(import.meta.dirname, "../.."))).toEqual([]);
  });

  it("names each file that inserts an order some other way", () => {
    planted = mkdtempSync(path.join(tmpdir(), "order-inserts-"));
    const files: Record<string, string> = {
      [PLACE_ORDER]: "await tx.insert(orders).values(order);",
      "domain/renewals/renew.ts": "await tx\n  .insert(orders)\n  .values(order);",
      "domain/phone/phone-order.ts": "await tx.insert(schema.orders).values(order);",
      "scripts/import-orders.ts": 'await db.execute(sql`INSERT INTO "orders" (id) values ($1)`);',
      "server/orders-archive.ts":
        "await tx.insert(orderLines).values(lines);\nawait db.execute(sql`insert into orders_archive select 1`);",
      "tests/setup/fixture.ts": "await db.insert(orders).values(order);",
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(planted, file)), { recursive: true });
      writeFileSync(path.join(planted, file), text);
    }
    expect(orderInsertsOutsidePlacing(planted)).toEqual([
      "domain/phone/phone-order.ts",
      "domain/renewals/renew.ts",
      "scripts/import-orders.ts",
    ]);
  });
});
