import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { buildClientSchema, buildSchema, getIntrospectionQuery, lexicographicSortSchema, printSchema } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseOptions } from "../../db/schema/catalog.ts";
import { SCHEMA_FILE } from "../../server/graphql/yoga.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

describe("GraphQL catalogue", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
  });
  afterAll(() => shop.close());

  async function graphql(query: string, variables?: Record<string, unknown>) {
    const response = await fetch(`${shop.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] } };
  }

  it("lists a series' products with options, prices and SKUs", async () => {
    const { body } = await graphql(`{
      products(seriesCode: "j") { id active name series { name function code slug } path
        purchaseOptions { optionId optionName optionPrice flavourName isUpsellOption servings skus { skuId qty retailPrice format } } }
    }`);
    expect(body.errors).toBeUndefined();
    expect(body.data?.products).toEqual([
      {
        id: "j4",
        active: true,
        name: "Joffee jelly coffee, 4-serving box",
        series: { name: "Joffee", function: null, code: "j", slug: "joffee" },
        path: "/shop/joffee/j4",
        purchaseOptions: [
          {
            optionId: "op-j4_bb-1b",
            optionName: "1 Box",
            optionPrice: 12.9,
            flavourName: "Blueberry",
            isUpsellOption: false,
            servings: 4,
            skus: [{ skuId: "jbb4", qty: 1, retailPrice: 12.9, format: "Nectar" }],
          },
          {
            optionId: "op-j4_yz-1b",
            optionName: "1 Box",
            optionPrice: 12.9,
            flavourName: "Yuzu",
            isUpsellOption: false,
            servings: 4,
            skus: [{ skuId: "jyz4", qty: 1, retailPrice: 12.9, format: "Nectar" }],
          },
        ],
      },
    ]);
  });

  it("applies the lookup rules to purchase options", async () => {
    const query = `query($id: ID!, $all: Boolean) { purchaseOption(optionId: $id, includeInactive: $all) { optionId optionPrice } }`;
    expect((await graphql(query, { id: "op-pmbas6-6pu" })).body.data?.purchaseOption).toEqual({
      optionId: "op-pmbas6-6pu",
      optionPrice: 29.28,
    });
    expect((await graphql(query, { id: "op-m4_ba-1b" })).body.data?.purchaseOption).toBeNull();
    expect((await graphql(query, { id: "op-m4_ba-1b", all: true })).body.data?.purchaseOption).toEqual({
      optionId: "op-m4_ba-1b",
      optionPrice: 19.5,
    });
    expect((await graphql(query, { id: "rubbish" })).body.data?.purchaseOption).toBeNull();
  });

  it("hides inactive products unless asked", async () => {
    const query = `query($all: Boolean) { products(includeInactive: $all) { id } }`;
    const active = (await graphql(query)).body.data?.products as { id: string }[];
    const all = (await graphql(query, { all: true })).body.data?.products as { id: string }[];
    expect(active.map((p) => p.id)).not.toContain("m4");
    expect(all.map((p) => p.id)).toContain("m4");
  });

  it("shows a changed price in the very next reply to a query asked before", async () => {
    const query = `{ product(id: "j4") { purchaseOptions { optionId optionPrice } } }`;
    const priceOf = async () => {
      const product = (await graphql(query)).body.data?.product as {
        purchaseOptions: { optionId: string; optionPrice: number }[];
      };
      return product.purchaseOptions.find((option) => option.optionId === "op-j4_bb-1b")?.optionPrice;
    };
    const before = await priceOf();
    expect(await priceOf()).toBe(before);
    await shop.server.database.db
      .update(purchaseOptions)
      .set({ optionPriceCents: 1090 })
      .where(eq(purchaseOptions.optionId, "op-j4_bb-1b"));
    expect(await priceOf()).toBe(10.9);
  });

  it("pages through products with first and offset, 20 by default and at most 100, and counts them", async () => {
    const query = `query($first: Int, $offset: Int, $all: Boolean) {
      products(first: $first, offset: $offset, includeInactive: $all) { id }
      productCount(includeInactive: $all)
    }`;
    const ask = async (variables: Record<string, unknown>) => {
      const { body } = await graphql(query, variables);
      return body.data as { products: { id: string }[]; productCount: number } | undefined;
    };
    const all = await ask({ all: true, first: 100 });
    const count = all?.productCount ?? 0;
    expect(all?.products).toHaveLength(count);
    // A client that knows nothing of paging still gets every product of today's catalogue.
    expect((await ask({ all: true }))?.products).toEqual(all?.products.slice(0, 20));
    expect(count).toBeLessThanOrEqual(20);
    expect((await ask({ all: true, first: 3, offset: 2 }))?.products).toEqual(all?.products.slice(2, 5));
    expect((await ask({ first: 5, offset: 500 }))?.products).toEqual([]);
    for (const [variables, message] of [
      [{ first: 101 }, "first: must be at most 100"],
      [{ first: -1 }, "first: must be 0 or more"],
      [{ offset: -5 }, "offset: must be 0 or more"],
    ] as const) {
      const { status, body } = await graphql(query, variables);
      expect(status).toBe(200);
      expect(body.errors).toEqual([expect.objectContaining({ message, extensions: { code: "BAD_USER_INPUT" } })]);
    }
  });

  it("refuses a malformed body with 400", async () => {
    const response = await fetch(`${shop.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(response.status).toBe(400);
  });

  it("serves exactly the committed schema", async () => {
    const { body } = await graphql(getIntrospectionQuery());
    const served = printSchema(lexicographicSortSchema(buildClientSchema(body.data as never)));
    const committed = printSchema(lexicographicSortSchema(buildSchema(readFileSync(SCHEMA_FILE, "utf8"))));
    expect(served).toBe(committed);
  });
});
