import { createSchema, createYoga } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import { asksOnlyForCatalogue, catalogueReplyCache } from "../../server/graphql/catalogue-reply-cache.ts";

const typeDefs = /* GraphQL */ `
  type Query {
    products: [String!]!
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
          products: () => {
            runs.products++;
            return [`price at revision ${revision}`];
          },
          getMemberByEmailAndProviderTypeFast: (_: unknown, { email }: { email: string }) => {
            runs.member++;
            return email;
          },
        },
      },
    }),
    plugins: [catalogueReplyCache(async () => revision)],
  });
  const ask = async (query: string, variables?: Record<string, unknown>) => {
    const response = await yoga.fetch("http://shop.test/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data: Record<string, unknown> };
  };
  return { ask, runs, changeCatalogue: () => revision++ };
}

describe("the catalogue reply cache", () => {
  it("answers a repeated catalogue query without running it, until the catalogue changes", async () => {
    const shop = shopWithCountedResolvers();
    expect((await shop.ask("{ products }")).data.products).toEqual(["price at revision 1"]);
    expect((await shop.ask("{ products }")).data.products).toEqual(["price at revision 1"]);
    expect(shop.runs.products).toBe(1);
    shop.changeCatalogue();
    expect((await shop.ask("{ products }")).data.products).toEqual(["price at revision 2"]);
    expect(shop.runs.products).toBe(2);
  });

  it("never keeps a reply that names a member's field, even beside catalogue fields", async () => {
    const shop = shopWithCountedResolvers();
    const query = "query ($email: String!) { products getMemberByEmailAndProviderTypeFast(email: $email) }";
    await shop.ask(query, { email: "a@example.com" });
    const again = await shop.ask(query, { email: "a@example.com" });
    expect(again.data.getMemberByEmailAndProviderTypeFast).toBe("a@example.com");
    expect(shop.runs.member).toBe(2);
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
