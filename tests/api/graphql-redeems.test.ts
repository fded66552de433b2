import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { expectLedgerInvariant } from "../setup/ledger-invariant.ts";
import { insertLinkedOrder } from "../setup/member-fixtures.ts";
import { callGraphQL, codesOf, memberOf, signIn } from "../setup/member-graphql.ts";
import { givePoints } from "../setup/redeem-fixtures.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const RESULT = `{ id points totalSpent activities
  pointTransactions { activityType transactionType points meta }
  redeems { id memberId pointTransactionId status orderId meta formattedCreatedAt } }`;
const ADD = `mutation($memberId: ID!, $meta: String!) { addRedeemToBag(memberId: $memberId, meta: $meta) ${RESULT} }`;
const UPDATE = `mutation($redeemId: ID!, $memberId: ID!, $pointTransactionId: ID!, $meta: String!) {
  updateRedeemFromBag(redeemId: $redeemId, memberId: $memberId, pointTransactionId: $pointTransactionId, meta: $meta) ${RESULT} }`;
const REMOVE = `mutation($redeemId: ID!, $memberId: ID!, $pointTransactionId: ID!) {
  removeRedeemFromBag(redeemId: $redeemId, memberId: $memberId, pointTransactionId: $pointTransactionId) ${RESULT} }`;
const ATTACH = `mutation($memberId: ID!, $redeemIds: [ID!]!, $orderId: ID!) {
  updateRedeemsOrderId(memberId: $memberId, redeemIds: $redeemIds, orderId: $orderId) ${RESULT} }`;

type Redeem = {
  id: string;
  memberId: string;
  pointTransactionId: string;
  status: string;
  orderId: string | null;
  meta: Record<string, unknown>;
};
type Result = {
  id: string;
  points: number;
  redeems: Redeem[];
  pointTransactions: { activityType: string; transactionType: string; points: number }[];
};

describe("GraphQL redeem operations", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
  });
  afterAll(() => shop.close());

  const db = () => shop.server.database.db;
  const graphql = (query: string, variables: Record<string, unknown>, token?: string) =>
    callGraphQL(shop.baseUrl, query, variables, token === undefined ? {} : { token });
  const dataOf = (reply: Awaited<ReturnType<typeof graphql>>, field: string) => {
    if (reply.body.errors) throw new Error(JSON.stringify(reply.body.errors));
    return reply.body.data?.[field] as Result;
  };
  async function richMember(points: number) {
    const account = await signIn(shop);
    const member = await memberOf(shop.baseUrl, account);
    await givePoints(db(), member, points);
    return { ...account, id: member.id, email: member.email };
  }

  it("adds a reward to the bag and raises it when the same option comes again, with double-encoded meta", async () => {
    const mei = await richMember(2000);
    const added = dataOf(
      await graphql(ADD, { memberId: mei.id, meta: JSON.stringify({ optionId: "op-l8_gg-1b", quantity: 1 }) }, mei.token),
      "addRedeemToBag",
    );
    expect(added.points).toBe(2050 - 950);
    expect(added.redeems).toEqual([
      expect.objectContaining({
        memberId: mei.id,
        status: "Pending",
        orderId: null,
        meta: { optionId: "op-l8_gg-1b", quantity: 1, rewardId: "nectar-box-8" },
      }),
    ]);
    expect(added.pointTransactions[0]).toMatchObject({ activityType: "redeem", transactionType: "debit", points: 950 });

    const doubled = JSON.stringify(JSON.stringify({ optionId: "op-l8_gg-1b" }));
    const again = dataOf(await graphql(ADD, { memberId: mei.id, meta: doubled }, mei.token), "addRedeemToBag");
    expect(again.redeems).toHaveLength(1);
    expect(again.redeems[0]?.meta.quantity).toBe(2);
    expect(again.points).toBe(2050 - 1900);

    const short = await graphql(ADD, { memberId: mei.id, meta: JSON.stringify({ optionId: "op-l8_gg-1b" }) }, mei.token);
    expect(codesOf(short)).toEqual(["INSUFFICIENT_POINTS"]);
    expect(short.body.errors?.[0]?.message).toBe("Not enough points: this needs 950 points and you have 150.");
    expect(short.body.data?.addRedeemToBag).toBeNull();
  });

  it("refuses malformed meta, meta without an optionId, and options no reward offers", async () => {
    const mei = await richMember(1000);
    for (const meta of ["{not json", "[]", "", JSON.stringify({ quantity: 1 })]) {
      expect(codesOf(await graphql(ADD, { memberId: mei.id, meta }, mei.token))).toEqual(["BAD_USER_INPUT"]);
    }
    const bundle = await graphql(ADD, { memberId: mei.id, meta: JSON.stringify({ optionId: "op-mbndl5-5b" }) }, mei.token);
    expect(codesOf(bundle)).toEqual(["BAD_USER_INPUT"]);
    expect(bundle.body.errors?.[0]?.message).toBe("That option cannot be taken as a reward.");
  });

  it("changes the quantity both ways and removes once, with the points following", async () => {
    const mei = await richMember(1000);
    const [redeem] = dataOf(
      await graphql(ADD, { memberId: mei.id, meta: JSON.stringify({ optionId: "op-mpu_ll-1pu" }) }, mei.token),
      "addRedeemToBag",
    ).redeems;
    if (!redeem) throw new Error("no redeem");
    const ref = { redeemId: redeem.id, memberId: mei.id, pointTransactionId: redeem.pointTransactionId };
    const up = dataOf(await graphql(UPDATE, { ...ref, meta: JSON.stringify({ quantity: 3 }) }, mei.token), "updateRedeemFromBag");
    expect(up).toMatchObject({
      points: 1050 - 450,
      redeems: [expect.objectContaining({ meta: expect.objectContaining({ quantity: 3 }) })],
    });
    const down = dataOf(await graphql(UPDATE, { ...ref, meta: '{"quantity":2}' }, mei.token), "updateRedeemFromBag");
    expect(down.points).toBe(1050 - 300);
    expect(down.pointTransactions[0]).toMatchObject({ activityType: "redeem", transactionType: "credit", points: 150 });
    expect(codesOf(await graphql(UPDATE, { ...ref, meta: '{"quantity":0}' }, mei.token))).toEqual(["BAD_USER_INPUT"]);
    expect(codesOf(await graphql(UPDATE, { ...ref, meta: "{}" }, mei.token))).toEqual(["BAD_USER_INPUT"]);

    const removed = dataOf(await graphql(REMOVE, ref, mei.token), "removeRedeemFromBag");
    expect(removed).toMatchObject({ points: 1050, redeems: [expect.objectContaining({ status: "Cancelled" })] });
    const again = dataOf(await graphql(REMOVE, ref, mei.token), "removeRedeemFromBag");
    expect(again.points).toBe(1050);
    expect(again.pointTransactions).toHaveLength(removed.pointTransactions.length);
    expect(codesOf(await graphql(UPDATE, { ...ref, meta: '{"quantity":1}' }, mei.token))).toEqual(["CONFLICT"]);
    expect(codesOf(await graphql(REMOVE, { ...ref, pointTransactionId: "another" }, mei.token))).toEqual(["NOT_FOUND"]);
  });

  it("attaches Pending redeems to the member's own order", async () => {
    const mei = await richMember(1000);
    const { checkoutSessionId } = await insertLinkedOrder(db(), {
      memberId: mei.id,
      email: mei.email,
      priceCents: 3900,
      paidAt: new Date(),
      deliveryStart: "2026-12-01",
      deliveryEnd: "2026-12-03",
    });
    const [order] = await db().select().from(orders).where(eq(orders.checkoutSessionId, checkoutSessionId));
    if (!order) throw new Error("no order");
    const [redeem] = dataOf(
      await graphql(ADD, { memberId: mei.id, meta: JSON.stringify({ optionId: "op-j4_bb-1b" }) }, mei.token),
      "addRedeemToBag",
    ).redeems;
    const attached = dataOf(
      await graphql(ATTACH, { memberId: mei.id, redeemIds: [redeem?.id], orderId: order.id }, mei.token),
      "updateRedeemsOrderId",
    );
    expect(attached.redeems).toEqual([expect.objectContaining({ id: redeem?.id, status: "Ordered", orderId: order.id })]);
    expect(attached.points).toBe(1050 - 350);
    const unknownOrder = await graphql(ATTACH, { memberId: mei.id, redeemIds: [redeem?.id], orderId: "ord_nope" }, mei.token);
    expect(codesOf(unknownOrder)).toEqual(["NOT_FOUND"]);
  });

  it("lets a caller act only on their own member and their own redeems", async () => {
    const mei = await richMember(1000);
    const wei = await richMember(1000);
    const meta = JSON.stringify({ optionId: "op-mpu_ba-1pu" });
    expect(codesOf(await graphql(ADD, { memberId: wei.id, meta }, mei.token))).toEqual(["FORBIDDEN"]);
    const [redeem] = dataOf(await graphql(ADD, { memberId: mei.id, meta }, mei.token), "addRedeemToBag").redeems;
    if (!redeem) throw new Error("no redeem");
    const weisRef = { redeemId: redeem.id, memberId: wei.id, pointTransactionId: redeem.pointTransactionId };
    expect(codesOf(await graphql(UPDATE, { ...weisRef, meta: '{"quantity":2}' }, wei.token))).toEqual(["NOT_FOUND"]);
    expect(codesOf(await graphql(REMOVE, weisRef, wei.token))).toEqual(["NOT_FOUND"]);
    expect(codesOf(await graphql(ATTACH, { memberId: mei.id, redeemIds: [redeem.id], orderId: "x" }, wei.token))).toEqual([
      "FORBIDDEN",
    ]);
    const anonymous = await graphql(ADD, { memberId: mei.id, meta });
    expect(anonymous.status).toBe(401);
    expect(codesOf(anonymous)).toEqual(["UNAUTHENTICATED"]);
    await expectLedgerInvariant(db());
  });
});
