import { createSchema, createYoga } from "graphql-yoga";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { asksOnlyForCatalogue, catalogueReplyCache } from "../../server/graphql/catalogue-reply-cache.ts";
import type { HttpEnv } from "../../server/http/request-context.ts";

const typeDefs = /* GraphQL */ `
  type Query {
    products(count: Int = 1): [String!]!
    getMemberByEmailAndProviderTypeFast(email: String!): String
  }
`;

function shopWithCountedResolvers() {
  let revision = 1;
  const runs = { products: 0, member: 0 };
  const yoga = createYoga({
    schema: createSchema({
      typeDefs,
      resolvers: {
        Query: {
          products: (_: unknown, { count }: { count: number }) => {
            runs.products++;
            return Array.from({ length: count }, () => `price at revision ${revision}`);
          },
          getMemberByEmailAndProviderTypeFast: (_: unknown, { email }: { email: string }) => {
            runs.member++;
            return email;
          },
        },
      },
    }),
  });
  const app = new Hono<HttpEnv>();
  app.use(
    "/graphql",
    catalogueReplyCache(async () => revision),
  );
  app.post("/graphql", (c) => yoga.fetch(c.req.raw));
  const post = (query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.request("http://shop.test/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ query, variables }),
    });
  const ask = async (query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) =>
    (await (await post(query, variables, headers)).json()) as { data: Record<string, unknown>; errors?: unknown[] };
  return { post, ask, runs, changeCatalogue: () => revision++ };
}

describe("the catalogue reply cache", () => {
  it("answers a repeated catalogue query without running it, until the catalogue changes", async () => {
    const shop = shopWithCountedResolvers();
    const first = await shop.post("{ products }");
    expect(first.headers.get("x-reply-cache")).toBe("miss");
    expect(await first.json()).toEqual({ data: { products: ["price at revision 1"] } });
    const second = await shop.post("{ products }");
    expect(second.headers.get("x-reply-cache")).toBe("hit");
    expect(await second.json()).toEqual({ data: { products: ["price at revision 1"] } });
    expect(shop.runs.products).toBe(1);
    shop.changeCatalogue();
    expect((await shop.ask("{ products }")).data.products).toEqual(["price at revision 2"]);
    expect(shop.runs.products).toBe(2);
  });

  it("sends a kept reply compressed to a client that accepts it, and a small one as it is", async () => {
    const shop = shopWithCountedResolvers();
    for (const query of ["{ products(count: 100) }", "{ products }"]) await shop.post(query);
    const hit = await shop.post("{ products(count: 100) }", undefined, { "accept-encoding": "gzip" });
    expect(hit.headers.get("x-reply-cache")).toBe("hit");
    expect(hit.headers.get("content-encoding")).toBe("gzip");
    expect(hit.headers.get("content-type")).toMatch(/json/);
    expect(Number(hit.headers.get("content-length"))).toBe((await hit.arrayBuffer()).byteLength);
    const small = await shop.post("{ products }", undefined, { "accept-encoding": "gzip" });
    expect(small.headers.get("x-reply-cache")).toBe("hit");
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toEqual({ data: { products: ["price at revision 1"] } });
  });

  it("never keeps a reply that names a member's field, even beside catalogue fields", async () => {
    const shop = shopWithCountedResolvers();
    const query = "query ($email: String!) { products getMemberByEmailAndProviderTypeFast(email: $email) }";
    await shop.ask(query, { email: "a@example.com" });
    const again = await shop.ask(query, { email: "a@example.com" });
    expect(again.data.getMemberByEmailAndProviderTypeFast).toBe("a@example.com");
    expect(shop.runs.member).toBe(2);
  });

  it("lets a request with credentials or a request hash reach the endpoint every time", async () => {
    const shop = shopWithCountedResolvers();
    await shop.post("{ products }");
    await shop.post("{ products }", undefined, { authorization: "Bearer token" });
    await shop.post("{ products }", undefined, { "x-request-hash": "abc" });
    await shop.post("{ products }", undefined, { cookie: "session=abc" });
    expect(shop.runs.products).toBe(4);
  });

  it("never keeps a reply with errors", async () => {
    const shop = shopWithCountedResolvers();
    const broken = await shop.ask("{ products { nothing } }");
    expect(broken.errors).toBeDefined();
    const again = await shop.post("{ products { nothing } }");
    expect(again.headers.get("x-reply-cache")).toBeNull();
  });

  it("keeps only queries that ask for catalogue fields at their root", () => {
    expect(asksOnlyForCatalogue("query Listing { products { id } productCount }")).toBe(true);
    expect(
      asksOnlyForCatalogue('{ products { id } getMemberByEmailAndProviderTypeFast(email: "a", providerType: "google") { id } }'),
    ).toBe(false);
    expect(asksOnlyForCatalogue("{ ...Everything } fragment Everything on Query { products { id } }")).toBe(false);
    expect(asksOnlyForCatalogue('mutation { resetMembership(memberId: "1") { id } }')).toBe(false);
    expect(asksOnlyForCatalogue("{ products {")).toBe(false);
  });
});
