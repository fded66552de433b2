import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_CLAIM_NOT_FOUND } from "../../domain/loyalty/order-points/link-order.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import { callGraphQL, codesOf, type GraphQLReply, memberOf, signIn } from "../setup/member-graphql.ts";
import { placePastOrder } from "../setup/past-orders.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const LINK_ORDER = `mutation($memberId: ID!, $invoiceId: String!, $mobile: String!) {
  linkOrderToMember(memberId: $memberId, invoiceId: $invoiceId, mobile: $mobile) {
    id membershipStatus totalSpent points purchaseCount
    pointTransactions { activityType activityLabel points transactionType spent meta }
    linkedOrders { invoiceId memberId originalMemberId mobile price status linkedAt }
    dummyOrders { id }
  }
}`;
const CREATE_DUMMY = `mutation($memberId: ID!, $meta: String!) {
  createDummyOrder(memberId: $memberId, meta: $meta) { points purchaseCount dummyOrders { id memberId invoiceId mobile email price timestamp createdAt } }
}`;
const DELETE_DUMMY = `mutation($memberId: ID!, $orderId: ID!) {
  deleteDummyOrder(memberId: $memberId, orderId: $orderId) { purchaseCount points linkedOrders { invoiceId } dummyOrders { id } }
}`;
const UNLINK_ORDER = `mutation($email: String!) {
  removeMemberIdFromOrderByEmail(email: $email) { id invoiceId email memberId originalMemberId linkedAt }
}`;
const UNLINK_CUSTOMER = `mutation($email: String!) {
  removeMemberIdFromCustomerByEmail(email: $email) { id email memberId originalMemberId name mobile purchaseCount }
}`;
const LOYAL_CUSTOMER = `mutation($meta: String!) { createOrUpdateLoyalCustomer(meta: $meta) { id name meta ltv } }`;

const buyerEmail = () => `buyer-${randomUUID().slice(0, 12)}@example.com`;
const dataOf = (reply: GraphQLReply, field: string) =>
  reply.body.data?.[field] as Record<string, unknown> & { [key: string]: unknown };

describe("GraphQL: claiming past orders and the order debug tools (debug mode on)", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ DEBUG_TOOLS: "true", TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  let addresses = 0;
  const graphql = (query: string, variables: Record<string, unknown>, token?: string, address?: string) => {
    addresses += 1;
    const forwardedFor = address ?? `198.51.100.${addresses % 250}`;
    return callGraphQL(shop.baseUrl, query, variables, { token, headers: { "x-forwarded-for": forwardedFor } });
  };
  const newMember = async () => {
    const account = await signIn(shop);
    return { ...account, member: await memberOf(shop.baseUrl, account) };
  };
  const pastOrder = (email = buyerEmail(), paidAt = new Date()) =>
    placePastOrder(shop.server.database.db, { email, mobile: "8765 4321", paidAt });

  describe("linkOrderToMember", () => {
    it("links a past order and answers with the member's summary, history, linked orders and dummy orders", async () => {
      const { token, member } = await newMember();
      const order = await pastOrder();
      const reply = await graphql(
        LINK_ORDER,
        { memberId: member.id, invoiceId: order.invoiceId.toLowerCase(), mobile: "+65 8765 4321" },
        token,
      );
      expect(reply.body.errors).toBeUndefined();
      const linked = dataOf(reply, "linkOrderToMember");
      expect(linked).toMatchObject({
        id: member.id,
        membershipStatus: "green",
        totalSpent: 39,
        points: 89,
        purchaseCount: 1,
        dummyOrders: [],
      });
      expect(linked.pointTransactions).toEqual([
        {
          activityType: "order",
          activityLabel: "Ordered",
          points: 39,
          transactionType: "credit",
          spent: 39,
          meta: expect.objectContaining({ invoiceId: order.invoiceId }),
        },
        expect.objectContaining({ activityType: "sign-up" }),
      ]);
      expect(linked.linkedOrders).toEqual([
        expect.objectContaining({
          invoiceId: order.invoiceId,
          memberId: member.id,
          originalMemberId: null,
          mobile: "+6587654321",
          price: 43.9,
          status: "paid",
        }),
      ]);
    });

    it("counts an old order towards spend only", async () => {
      const { token, member } = await newMember();
      const order = await pastOrder(buyerEmail(), new Date(Date.now() - 45 * DAY_MS));
      const reply = await graphql(LINK_ORDER, { memberId: member.id, invoiceId: order.invoiceId, mobile: "87654321" }, token);
      expect(dataOf(reply, "linkOrderToMember")).toMatchObject({ points: 50, totalSpent: 39, purchaseCount: 1 });
    });

    it("gives an unknown invoice id and a wrong mobile number the same NOT_FOUND", async () => {
      const { token, member } = await newMember();
      const order = await pastOrder();
      const wrongMobile = await graphql(
        LINK_ORDER,
        { memberId: member.id, invoiceId: order.invoiceId, mobile: "9123 4567" },
        token,
      );
      const unknownInvoice = await graphql(
        LINK_ORDER,
        { memberId: member.id, invoiceId: "6A00000X", mobile: "8765 4321" },
        token,
      );
      expect(wrongMobile.body).toEqual({
        errors: [
          {
            message: ORDER_CLAIM_NOT_FOUND,
            path: ["linkOrderToMember"],
            locations: expect.any(Array),
            extensions: { code: "NOT_FOUND" },
          },
        ],
        data: { linkOrderToMember: null },
      });
      expect(unknownInvoice.body).toEqual(wrongMobile.body);
      expect(unknownInvoice.status).toBe(wrongMobile.status);
    });

    it("refuses an order another member has linked with CONFLICT, and another member's id with FORBIDDEN", async () => {
      const first = await newMember();
      const second = await newMember();
      const order = await pastOrder();
      const variables = (memberId: string) => ({ memberId, invoiceId: order.invoiceId, mobile: "87654321" });
      expect(codesOf(await graphql(LINK_ORDER, variables(first.member.id), first.token))).toBeUndefined();
      const taken = await graphql(LINK_ORDER, variables(second.member.id), second.token);
      expect(taken.body.errors?.[0]).toMatchObject({
        message: "This order is already linked to a member account.",
        extensions: { code: "CONFLICT" },
      });
      const again = await graphql(LINK_ORDER, variables(first.member.id), first.token);
      expect(again.body.errors?.[0]).toMatchObject({
        message: "You have already linked this order.",
        extensions: { code: "CONFLICT" },
      });
      expect(codesOf(await graphql(LINK_ORDER, variables(first.member.id), second.token))).toEqual(["FORBIDDEN"]);
      expect((await graphql(LINK_ORDER, variables(first.member.id))).status).toBe(401);
    });

    it("answers RATE_LIMITED after 10 attempts from one client address", async () => {
      const { token, member } = await newMember();
      const others = await Promise.all([newMember(), newMember()]);
      const address = `203.0.113.${Math.floor(Math.random() * 250)}`;
      const attempt = (who: { token: string; member: { id: string } }) =>
        graphql(LINK_ORDER, { memberId: who.member.id, invoiceId: "6A00000X", mobile: "91234567" }, who.token, address);
      for (let i = 0; i < 10; i++)
        expect(codesOf(await attempt(i < 5 ? { token, member } : (others[0] as (typeof others)[0])))).toEqual(["NOT_FOUND"]);
      const limited = await attempt(others[1] as (typeof others)[1]);
      expect(limited.body.errors?.[0]).toMatchObject({
        message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
        extensions: { code: "RATE_LIMITED" },
      });
    });
  });

  describe("dummy orders", () => {
    it("creates them from meta (double-encoded too) and deletes them with their points and purchase", async () => {
      const { token, member } = await newMember();
      const created = await graphql(
        CREATE_DUMMY,
        { memberId: member.id, meta: JSON.stringify({ when: "new", mobile: "9123 4567" }) },
        token,
      );
      expect(created.body.errors).toBeUndefined();
      const first = dataOf(created, "createDummyOrder");
      expect(first).toMatchObject({ points: 150, purchaseCount: 1 });
      const [dummy] = first.dummyOrders as Record<string, unknown>[];
      expect(dummy).toMatchObject({ memberId: member.id, mobile: "+6591234567", email: member.email, price: 100 });
      const createdAt = Date.parse(member.createdAt as string) / 1000;
      expect(dummy?.timestamp).toBeCloseTo(createdAt + 2 * 24 * 60 * 60, 2);

      const doubled = JSON.stringify(JSON.stringify({ when: "old", price: 12.9, invoiceId: "dummy-1", timestamp: createdAt }));
      const second = dataOf(await graphql(CREATE_DUMMY, { memberId: member.id, meta: doubled }, token), "createDummyOrder");
      expect(second).toMatchObject({ points: 150, purchaseCount: 2 });
      expect(second.dummyOrders).toEqual([
        expect.objectContaining({ id: dummy?.id }),
        expect.objectContaining({ invoiceId: "DUMMY-1", price: 12.9 }),
      ]);

      const deleted = await graphql(DELETE_DUMMY, { memberId: member.id, orderId: dummy?.id }, token);
      expect(dataOf(deleted, "deleteDummyOrder")).toEqual({
        purchaseCount: 1,
        points: 50,
        linkedOrders: [],
        dummyOrders: [{ id: (second.dummyOrders as { id: string }[])[1]?.id }],
      });
    });

    it("refuses a 'when' that is not old or new, a timestamp that is not a number, and another member's id", async () => {
      const { token, member } = await newMember();
      const other = await newMember();
      for (const meta of [{ when: "soon" }, { when: true }, { price: 100 }, { when: "new", timestamp: "yesterday" }]) {
        const reply = await graphql(CREATE_DUMMY, { memberId: member.id, meta: JSON.stringify(meta) }, token);
        expect(codesOf(reply), JSON.stringify(meta)).toEqual(["BAD_USER_INPUT"]);
      }
      expect(codesOf(await graphql(CREATE_DUMMY, { memberId: other.member.id, meta: '{"when":"new"}' }, token))).toEqual([
        "FORBIDDEN",
      ]);
      expect(codesOf(await graphql(DELETE_DUMMY, { memberId: other.member.id, orderId: randomUUID() }, token))).toEqual([
        "FORBIDDEN",
      ]);
      expect(codesOf(await graphql(DELETE_DUMMY, { memberId: member.id, orderId: randomUUID() }, token))).toEqual(["NOT_FOUND"]);
    });
  });

  describe("unlinking by email and loyal customers", () => {
    it("unlinks the caller's order and customer record, keeping originalMemberId", async () => {
      const { token, member } = await newMember();
      const email = buyerEmail();
      const order = await pastOrder(email);
      await graphql(LINK_ORDER, { memberId: member.id, invoiceId: order.invoiceId, mobile: "87654321" }, token);

      const stranger = await newMember();
      expect(codesOf(await graphql(UNLINK_ORDER, { email }, stranger.token))).toEqual(["NOT_FOUND"]);
      const unlinkedOrder = await graphql(UNLINK_ORDER, { email }, token);
      expect(dataOf(unlinkedOrder, "removeMemberIdFromOrderByEmail")).toMatchObject({
        invoiceId: order.invoiceId,
        email,
        memberId: null,
        originalMemberId: member.id,
      });
      const unlinkedCustomer = await graphql(UNLINK_CUSTOMER, { email }, token);
      expect(dataOf(unlinkedCustomer, "removeMemberIdFromCustomerByEmail")).toMatchObject({
        email,
        memberId: null,
        originalMemberId: member.id,
        name: "Tan Mei Ling",
        mobile: "+6587654321",
        purchaseCount: 1,
      });
      expect(codesOf(await graphql(UNLINK_CUSTOMER, { email }, token))).toEqual(["NOT_FOUND"]);
    });

    it("creates and updates the loyal customer record of the caller's own email", async () => {
      const { token, member } = await newMember();
      const created = await graphql(LOYAL_CUSTOMER, { meta: JSON.stringify({ email: member.email, name: "Mei" }) }, token);
      expect(dataOf(created, "createOrUpdateLoyalCustomer")).toEqual({
        id: expect.any(String),
        name: "Mei",
        meta: { email: member.email, name: "Mei" },
        ltv: 1000,
      });
      const updated = await graphql(
        LOYAL_CUSTOMER,
        { meta: JSON.stringify(JSON.stringify({ email: member.email, ltv: 1234.56 })) },
        token,
      );
      expect(dataOf(updated, "createOrUpdateLoyalCustomer")).toMatchObject({ name: "Mei", ltv: 1234.56 });
      expect(codesOf(await graphql(LOYAL_CUSTOMER, { meta: JSON.stringify({ email: buyerEmail() }) }, token))).toEqual([
        "FORBIDDEN",
      ]);
      expect(codesOf(await graphql(LOYAL_CUSTOMER, { meta: "not json" }, token))).toEqual(["BAD_USER_INPUT"]);
    });
  });
});

describe("GraphQL order debug tools with debug mode off", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
  });
  afterAll(() => shop.close());

  it("refuses every debug tool with FORBIDDEN, while members can still claim their orders", async () => {
    const account = await signIn(shop);
    const member = await memberOf(shop.baseUrl, account);
    const call = (query: string, variables: Record<string, unknown>) =>
      callGraphQL(shop.baseUrl, query, variables, { token: account.token });
    const refusals = await Promise.all([
      call(CREATE_DUMMY, { memberId: member.id, meta: '{"when":"new"}' }),
      call(DELETE_DUMMY, { memberId: member.id, orderId: randomUUID() }),
      call(UNLINK_ORDER, { email: member.email }),
      call(UNLINK_CUSTOMER, { email: member.email }),
      call(LOYAL_CUSTOMER, { meta: JSON.stringify({ email: member.email }) }),
    ]);
    for (const reply of refusals) {
      expect(reply.body.errors?.[0]).toMatchObject({
        message: "Debug operations are turned off.",
        extensions: { code: "FORBIDDEN" },
      });
    }
    const order = await placePastOrder(shop.server.database.db, { email: buyerEmail(), mobile: "8765 4321", paidAt: new Date() });
    const linked = await call(LINK_ORDER, { memberId: member.id, invoiceId: order.invoiceId, mobile: "87654321" });
    expect(dataOf(linked, "linkOrderToMember")).toMatchObject({ points: 89, purchaseCount: 1 });
  });
});
