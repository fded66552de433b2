import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectUnchanged, settledSnapshotOf } from "../setup/hostile-input.ts";
import { callGraphQL, memberOf, signIn } from "../setup/member-graphql.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const META_MUTATIONS = {
  createDummyOrder: "mutation($memberId: ID!, $meta: String!) { createDummyOrder(memberId: $memberId, meta: $meta) { id } }",
  addRedeemToBag: "mutation($memberId: ID!, $meta: String!) { addRedeemToBag(memberId: $memberId, meta: $meta) { id } }",
  refundPointTransaction:
    "mutation($memberId: ID!, $meta: String) { refundPointTransaction(memberId: $memberId, meta: $meta) { id } }",
  createOrUpdateLoyalCustomer: "mutation($meta: String!) { createOrUpdateLoyalCustomer(meta: $meta) { id } }",
} as const;

/** docs/api.md's messages for meta fields, as a GraphQL client reads them: whole, with no field path before them. */
describe("GraphQL: a meta field of the wrong type says what is wrong in the documented words", () => {
  let shop: TestServer;
  let account: Awaited<ReturnType<typeof signIn>>;
  let memberId: string;
  let email: string;
  beforeAll(async () => {
    shop = await startTestServer({ DEBUG_TOOLS: "true" });
    account = await signIn(shop);
    ({ id: memberId, email } = await memberOf(shop.baseUrl, account));
  });
  afterAll(() => shop.close());

  it.each([
    ["createDummyOrder", { timestamp: "1795248300" }, "timestamp must be a number: epoch seconds (or milliseconds)."],
    ["createDummyOrder", { when: "OLD" }, 'when must be "old" or "new", not "OLD".'],
    ["createDummyOrder", { when: "new", price: "100" }, "price must be an amount in S$ above 0 and up to 100000."],
    ["createDummyOrder", {}, "timestamp (when the order was placed, epoch seconds) or when (old or new) is required."],
    ["addRedeemToBag", { quantity: 1 }, 'meta must name the option to take as "optionId", e.g. {"optionId":"op-l4_yc-1b"}.'],
    ["addRedeemToBag", { optionId: "op-mpu_pb-1pu", quantity: 100 }, "Quantity must be a whole number from 1 to 99."],
    ["refundPointTransaction", { points: "lots" }, "meta.points must be a whole number from 1 to 100000."],
    ["createOrUpdateLoyalCustomer", { ltv: -1 }, "ltv must be an amount in S$ from 0 to 10000000."],
  ] as const)("%s with meta %j: BAD_USER_INPUT %j, nothing changed", async (field, meta, message) => {
    const before = await settledSnapshotOf(shop.server.database.db);
    const sent = field === "createOrUpdateLoyalCustomer" ? { email, ...meta } : meta;
    const variables = { memberId, meta: JSON.stringify(sent) };
    const reply = await callGraphQL(shop.baseUrl, META_MUTATIONS[field], variables, account);
    expect(reply.body.errors).toEqual([
      expect.objectContaining({ message, path: [field], extensions: expect.objectContaining({ code: "BAD_USER_INPUT" }) }),
    ]);
    await expectUnchanged(shop.server.database.db, before, `${field} ${JSON.stringify(meta)}`);
  });
});
