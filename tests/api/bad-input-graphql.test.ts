import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { buildSchema } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "../setup/fast-check-seed.ts";
import { requestHash } from "../../domain/shared/request-hash.ts";
import {
  type Arg,
  documentOf,
  hostileEnvelope,
  hostileVariables,
  type KeyKind,
  type Operation,
} from "../setup/hostile-graphql.ts";
import { expectUnchanged, forgetRateLimits, settledSnapshotOf, snapshotOf, statusOf } from "../setup/hostile-input.ts";
import { placeOrderOverHttp, shippingFor } from "../setup/http-checkout.ts";
import { callGraphQL, memberOf, signIn } from "../setup/member-graphql.ts";
import { insertSubscription } from "../setup/subscription-fixtures.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const RUNS = 20;
/** Starting the shop, signing in and placing orders over HTTP, on a busy machine. */
const SETUP_TIMEOUT_MS = 180_000;

const OPERATIONS = [
  "getMemberByEmailAndProviderTypeFast",
  "products",
  "productCount",
  "product",
  "purchaseOption",
  "getOrCreateMember",
  "linkMember",
  "unlinkMember",
  "deleteMember",
  "resetMembership",
  "setGoldStartDate",
  "createEarnPointTransaction",
  "refundPointTransaction",
  "deleteAllEarnedPointTransactions",
  "deleteAllRefundPointTransactions",
  "deleteAllBonusPointTransactions",
  "deleteAllDummyOrderPointTransactions",
  "linkOrderToMember",
  "createDummyOrder",
  "deleteDummyOrder",
  "removeMemberIdFromOrderByEmail",
  "removeMemberIdFromCustomerByEmail",
  "createOrUpdateLoyalCustomer",
  "addRedeemToBag",
  "updateRedeemFromBag",
  "removeRedeemFromBag",
  "updateRedeemsOrderId",
  "skipRenewal",
  "moveRenewal",
  "pauseSubscription",
  "resumeSubscription",
  "cancelSubscription",
] as const;

describe("every GraphQL operation, fed hostile variables", () => {
  let shop: TestServer;
  let token: string;
  let operations: Record<(typeof OPERATIONS)[number], Operation>;
  const db = () => shop.server.database.db;

  async function mutate(query: string, variables: Record<string, unknown>) {
    const reply = await callGraphQL(shop.baseUrl, query, variables, { token });
    if (reply.body.errors) throw new Error(`setup failed: ${JSON.stringify(reply.body.errors)}`);
    return reply.body.data ?? {};
  }

  beforeAll(async () => {
    shop = await startTestServer({ DEBUG_TOOLS: "true", TRUSTED_PROXY_HOPS: "1" });
    const account = await signIn(shop);
    const other = await signIn(shop);
    token = account.token;
    const { id: memberId, email } = await memberOf(shop.baseUrl, account);
    const meta = (value: object) => JSON.stringify(value);
    await mutate("mutation($m: ID!, $meta: String) { refundPointTransaction(memberId: $m, meta: $meta) { id } }", {
      m: memberId,
      meta: meta({ points: 1000 }),
    });
    const added = await mutate(
      "mutation($m: ID!, $meta: String!) { addRedeemToBag(memberId: $m, meta: $meta) { redeems { id pointTransactionId } } }",
      { m: memberId, meta: meta({ optionId: "op-mpu_pb-1pu", quantity: 1 }) },
    );
    const [redeem] = (added.addRedeemToBag as { redeems: { id: string; pointTransactionId: string }[] }).redeems;
    const dummy = await mutate(
      "mutation($m: ID!, $meta: String!) { createDummyOrder(memberId: $m, meta: $meta) { dummyOrders { id } } }",
      { m: memberId, meta: meta({ when: "new" }) },
    );
    const [dummyOrder] = (dummy.createDummyOrder as { dummyOrders: { id: string }[] }).dummyOrders;
    await mutate("mutation($meta: String!) { createOrUpdateLoyalCustomer(meta: $meta) { id } }", {
      meta: meta({ email, name: "Tan Mei Ling", ltv: 100 }),
    });
    const own = await placeOrderOverHttp(shop, shippingFor(email, "9123 4567"));
    await mutate(
      "mutation($m: ID!, $i: String!, $p: String!) { linkOrderToMember(memberId: $m, invoiceId: $i, mobile: $p) { id } }",
      {
        m: memberId,
        i: own.invoiceId,
        p: "9123 4567",
      },
    );
    const unclaimed = await placeOrderOverHttp(shop, shippingFor("someone-else@example.com", "8123 4567"));
    if (!redeem || !dummyOrder) throw new Error("setup made no redeem or dummy order");
    // Cancelled: any change that gets past its input is refused, so none can change it.
    const subscription = await insertSubscription(db(), {
      memberId,
      nextRenewalOn: "2036-03-20",
      status: "cancelled",
      cancelledAt: new Date(),
    });

    const member = { type: "ID!", kind: "id", base: memberId } as const;
    const ref = {
      redeemId: { type: "ID!", kind: "id", base: redeem.id },
      memberId: member,
      pointTransactionId: { type: "ID!", kind: "id", base: redeem.pointTransactionId },
    } as const;
    const M = "{ id }";
    const held = { subscriptionId: { type: "ID!", kind: "id", base: subscription.id } } as const;
    const day = (type: string) => ({ type, kind: "text", base: "2036-03-25" }) as const;
    const json = (base: object, keys: Record<string, KeyKind>): Arg => ({
      type: "String!",
      kind: { meta: keys },
      base: meta(base),
    });
    const cognito = { name: "text", picture: "text", email: "text", accessToken: "text" } as const;
    operations = {
      getMemberByEmailAndProviderTypeFast: {
        root: "query",
        selection: M,
        args: {
          email: { type: "String!", kind: "text", base: email },
          providerType: { type: "String!", kind: "text", base: "google" },
        },
        mayAnswer: true,
      },
      products: {
        root: "query",
        selection: M,
        args: {
          seriesCode: { type: "String", kind: "text", base: "l" },
          includeInactive: { type: "Boolean", kind: "bool", base: false },
          first: { type: "Int", kind: "int", base: 5 },
          offset: { type: "Int", kind: "int", base: 0 },
        },
        mayAnswer: true,
      },
      productCount: {
        root: "query",
        selection: "",
        args: {
          seriesCode: { type: "String", kind: "text", base: "l" },
          includeInactive: { type: "Boolean", kind: "bool", base: false },
        },
        mayAnswer: true,
      },
      product: { root: "query", selection: M, args: { id: { type: "ID!", kind: "id", base: "p-1" } }, mayAnswer: true },
      purchaseOption: {
        root: "query",
        selection: "{ optionId }",
        args: { optionId: { type: "ID!", kind: "id", base: "op-m8_ba-1b" } },
        mayAnswer: true,
      },
      getOrCreateMember: {
        root: "mutation",
        selection: M,
        args: { cognitoData: json({ name: "Mei" }, cognito) },
        mayAnswer: true,
      },
      linkMember: {
        root: "mutation",
        selection: M,
        args: { currentMemberId: member, cognitoData: json({ accessToken: other.token }, { accessToken: "text" }) },
      },
      unlinkMember: { root: "mutation", selection: M, args: { memberId: member } },
      deleteMember: { root: "mutation", selection: "{ email }", args: { memberId: member } },
      resetMembership: { root: "mutation", selection: M, args: { memberId: member } },
      setGoldStartDate: {
        root: "mutation",
        selection: M,
        args: { memberId: member, goldStartDate: { type: "String!", kind: "text", base: "2026-03-10" } },
      },
      createEarnPointTransaction: {
        root: "mutation",
        selection: M,
        args: {
          memberId: member,
          meta: { ...json({ activityType: "follow-ig" }, { activityType: "text" }), type: "String" },
        },
      },
      refundPointTransaction: {
        root: "mutation",
        selection: M,
        args: { memberId: member, meta: { ...json({ points: 100 }, { points: "number" }), type: "String" } },
      },
      deleteAllEarnedPointTransactions: { root: "mutation", selection: M, args: { memberId: member } },
      deleteAllRefundPointTransactions: { root: "mutation", selection: M, args: { memberId: member } },
      deleteAllBonusPointTransactions: { root: "mutation", selection: M, args: { memberId: member } },
      deleteAllDummyOrderPointTransactions: { root: "mutation", selection: M, args: { memberId: member } },
      linkOrderToMember: {
        root: "mutation",
        selection: M,
        args: {
          memberId: member,
          invoiceId: { type: "String!", kind: "text", base: unclaimed.invoiceId },
          mobile: { type: "String!", kind: "text", base: "8123 4567" },
        },
      },
      createDummyOrder: {
        root: "mutation",
        selection: M,
        args: {
          memberId: member,
          meta: json(
            { when: "new", price: 50 },
            { when: "text", timestamp: "epoch", price: "number", invoiceId: "text", email: "text", mobile: "text" },
          ),
        },
      },
      deleteDummyOrder: {
        root: "mutation",
        selection: M,
        args: { memberId: member, orderId: { type: "ID!", kind: "id", base: dummyOrder.id } },
      },
      removeMemberIdFromOrderByEmail: {
        root: "mutation",
        selection: M,
        args: { email: { type: "String!", kind: "text", base: email } },
      },
      removeMemberIdFromCustomerByEmail: {
        root: "mutation",
        selection: M,
        args: { email: { type: "String!", kind: "text", base: email } },
      },
      createOrUpdateLoyalCustomer: {
        root: "mutation",
        selection: M,
        args: { meta: json({ email, name: "Tan Wei", ltv: 200 }, { email: "text", name: "text", ltv: "number" }) },
      },
      addRedeemToBag: {
        root: "mutation",
        selection: M,
        args: {
          memberId: member,
          meta: json({ optionId: "op-mpu_pb-1pu", quantity: 1 }, { optionId: "text", quantity: "number", rewardId: "text" }),
        },
      },
      updateRedeemFromBag: {
        root: "mutation",
        selection: M,
        args: { ...ref, meta: json({ quantity: 2 }, { quantity: "number" }) },
      },
      removeRedeemFromBag: { root: "mutation", selection: M, args: ref },
      updateRedeemsOrderId: {
        root: "mutation",
        selection: M,
        args: {
          memberId: member,
          redeemIds: { type: "[ID!]!", kind: "ids", base: [redeem.id] },
          orderId: { type: "ID!", kind: "id", base: own.invoiceId },
        },
      },
      skipRenewal: { root: "mutation", selection: M, args: { ...held, renewalOn: day("String") } },
      moveRenewal: { root: "mutation", selection: M, args: { ...held, renewalOn: day("String!") } },
      pauseSubscription: { root: "mutation", selection: M, args: { ...held, until: day("String") } },
      resumeSubscription: { root: "mutation", selection: M, args: held },
      cancelSubscription: {
        root: "mutation",
        selection: M,
        args: { ...held, reason: { type: "String", kind: "text", base: "Too much" } },
      },
    };
    await settledSnapshotOf(db());
  }, SETUP_TIMEOUT_MS);
  afterAll(() => shop.close());

  it.each(OPERATIONS)("%s: refused without a 5xx, and nothing changes", async (name) => {
    const operation = operations[name];
    const query = documentOf(name, operation);
    const before = await snapshotOf(db());
    await fc.assert(
      fc.asyncProperty(hostileVariables(name, operation), async (input) => {
        const { variables } = input;
        await forgetRateLimits(db());
        const headers = {
          "content-type": "application/json",
          authorization: `Bearer ${token}`,
          "x-request-hash": requestHash(variables),
        };
        const bytes = new TextEncoder().encode(JSON.stringify({ query, variables }));
        const reply = await statusOf((body) => fetch(`${shop.baseUrl}/graphql`, { method: "POST", headers, body }), bytes);
        const shown = String(input);
        expect(reply.status, shown).toBeLessThan(500);
        expect(reply.text, shown).not.toContain("INTERNAL_SERVER_ERROR");
        if (!operation.mayAnswer && reply.status === 200) {
          const { errors } = JSON.parse(reply.text) as { errors?: unknown[] };
          expect(errors ?? [], `${shown} was answered: ${reply.text.slice(0, 300)}`).not.toEqual([]);
        }
        await expectUnchanged(db(), before, shown);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });

  it("refuses a request whose query, variables, operationName or extensions are of the wrong shape with a 400", async () => {
    const before = await snapshotOf(db());
    const document = documentOf("deleteMember", operations.deleteMember);
    await fc.assert(
      fc.asyncProperty(hostileEnvelope(document), fc.boolean(), async (request, signedIn) => {
        await forgetRateLimits(db());
        const { body } = request;
        const credentials: Record<string, string> = signedIn
          ? { authorization: `Bearer ${token}`, "x-request-hash": requestHash(body.variables) }
          : {};
        const response = await fetch(`${shop.baseUrl}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", ...credentials },
          body: JSON.stringify(body),
        });
        const shown = `${String(request)}${signedIn ? " signed in" : ""}`;
        const reply = (await response.json()) as { data?: unknown; errors?: { message: unknown; extensions?: unknown }[] };
        expect(response.status, shown).toBe(400);
        expect(reply.data, shown).toBeUndefined();
        expect(reply.errors, shown).toEqual([
          { message: expect.any(String), extensions: { code: expect.stringMatching(/^BAD_(REQUEST|USER_INPUT)$/) } },
        ]);
        await expectUnchanged(db(), before, shown);
      }),
      { numRuns: 3 * RUNS, endOnFailure: true },
    );
  });

  it("covers every field of the schema that takes arguments", () => {
    const schema = buildSchema(readFileSync(path.join(import.meta.dirname, "../../server/graphql/schema.graphql"), "utf8"));
    const fields = [schema.getQueryType(), schema.getMutationType()].flatMap((type) =>
      Object.values(type?.getFields() ?? {}).filter((field) => field.args.length > 0),
    );
    expect(fields.map((field) => field.name).sort()).toEqual([...OPERATIONS].sort());
  });
});
