import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestHash } from "../../domain/shared/request-hash.ts";
import { MAX_BODY_BYTES } from "../../server/http/body-limit.ts";
import { callGraphQL, codesOf, memberOf, signIn } from "../setup/member-graphql.ts";
import { givePoints } from "../setup/redeem-fixtures.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const ORDER_FIELDS = `id memberId originalMemberId createdAt deliveryDate email price mobile env invoiceId orderId paidAt
  s3Key s3Url status updatedAt linkedAt ver timestamp`;
const CREATE_DUMMY = `mutation($memberId: ID!, $meta: String!) {
  createDummyOrder(memberId: $memberId, meta: $meta) { dummyOrders { id invoiceId mobile price memberId createdAt email timestamp } }
}`;

/** SPEC.md §7's calls, as a client written for the original backend makes them (decision record 020). */
describe("GraphQL: what a client written for the original backend relies on", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ DEBUG_TOOLS: "true" });
  });
  afterAll(() => shop.close());

  const post = (body: string) =>
    fetch(`${shop.baseUrl}/graphql`, { method: "POST", body, headers: { "content-type": "application/json" } });

  it("answers activities, pointTransactions[].meta and redeems[].meta as JSON text", async () => {
    const account = await signIn(shop);
    const member = await memberOf(shop.baseUrl, account);
    await givePoints(shop.server.database.db, member, 500);
    const query = `mutation($memberId: ID!, $meta: String!) {
      addRedeemToBag(memberId: $memberId, meta: $meta) { activities pointTransactions { activityType meta } redeems { meta } }
    }`;
    const variables = { memberId: member.id, meta: JSON.stringify({ optionId: "op-mpu_pb-1pu" }) };
    const reply = await fetch(`${shop.baseUrl}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${account.token}`,
        "x-request-hash": requestHash(variables),
      },
      body: JSON.stringify({ query, variables }),
    });
    const { data } = (await reply.json()) as {
      data: {
        addRedeemToBag: {
          activities: string;
          pointTransactions: { activityType: string; meta: string }[];
          redeems: { meta: string }[];
        };
      };
    };
    const { activities, pointTransactions, redeems } = data.addRedeemToBag;
    expect(activities).toBe('["sign-up"]');
    const signUp = pointTransactions.find((entry) => entry.activityType === "sign-up");
    expect(signUp?.meta).toBe("{}");
    const [redeem] = redeems;
    expect(typeof redeem?.meta).toBe("string");
    expect(JSON.parse(redeem?.meta ?? "")).toEqual({ optionId: "op-mpu_pb-1pu", quantity: 1, rewardId: "pouch" });
    const debit = pointTransactions.find((entry) => entry.activityType === "redeem");
    expect(JSON.parse(debit?.meta ?? "")).toMatchObject({ optionId: "op-mpu_pb-1pu", quantity: 1, reason: "added" });
  });

  describe("createDummyOrder with the meta of SPEC.md §7", () => {
    it("stores the order at the timestamp sent, in seconds or milliseconds", async () => {
      const account = await signIn(shop);
      const member = await memberOf(shop.baseUrl, account);
      const joined = Date.parse(String(member.createdAt)) / 1000;
      const create = async (meta: object) => {
        const reply = await callGraphQL(shop.baseUrl, CREATE_DUMMY, { memberId: member.id, meta: JSON.stringify(meta) }, account);
        expect(reply.body.errors).toBeUndefined();
        return (reply.body.data?.createDummyOrder as { dummyOrders: Record<string, unknown>[] } | undefined)?.dummyOrders ?? [];
      };
      const meta = { price: 100, invoiceId: "6a7k2qxb", email: member.email, mobile: "9123 4567", timestamp: joined - 172_800 };
      expect(await create(meta)).toEqual([
        {
          id: expect.any(String),
          invoiceId: "6A7K2QXB",
          mobile: "+6591234567",
          price: 100,
          memberId: member.id,
          createdAt: expect.any(String),
          email: member.email,
          timestamp: meta.timestamp,
        },
      ]);
      const [newest] = await create({ ...meta, invoiceId: "6A7K2QXC", timestamp: (joined + 172_800) * 1000 });
      expect(newest).toMatchObject({ invoiceId: "6A7K2QXC", timestamp: joined + 172_800 });
    });

    it("refuses a timestamp that is not a number, a missing one and a bad price with BAD_USER_INPUT", async () => {
      const account = await signIn(shop);
      const member = await memberOf(shop.baseUrl, account);
      const good = { price: 100, invoiceId: "6A7K2QXB", email: member.email, mobile: "9123 4567", timestamp: 1_795_248_300 };
      const { timestamp: _none, ...untimed } = good;
      for (const meta of [{ ...good, timestamp: "1795248300" }, untimed, { ...good, price: "100" }, { ...good, price: 0 }]) {
        const reply = await callGraphQL(shop.baseUrl, CREATE_DUMMY, { memberId: member.id, meta: JSON.stringify(meta) }, account);
        expect(codesOf(reply), JSON.stringify(meta)).toEqual(["BAD_USER_INPUT"]);
      }
    });
  });

  it("answers dummy orders with every field of SPEC.md §3's order, as linked orders", async () => {
    const account = await signIn(shop);
    const member = await memberOf(shop.baseUrl, account);
    const timestamp = 1_795_421_100;
    const meta = JSON.stringify({ price: 39, invoiceId: "6A7K2QXB", email: member.email, mobile: "9123 4567", timestamp });
    const query = `mutation($memberId: ID!, $meta: String!) {
      createDummyOrder(memberId: $memberId, meta: $meta) { dummyOrders { ${ORDER_FIELDS} } linkedOrders { ${ORDER_FIELDS} } }
    }`;
    const reply = await callGraphQL(shop.baseUrl, query, { memberId: member.id, meta }, account);
    expect(reply.body.errors).toBeUndefined();
    const [order] =
      (reply.body.data?.createDummyOrder as { dummyOrders: Record<string, unknown>[] } | undefined)?.dummyOrders ?? [];
    expect(order).toEqual({
      id: expect.any(String),
      memberId: member.id,
      originalMemberId: null,
      createdAt: expect.any(String),
      deliveryDate: "2026-12-02",
      email: member.email,
      price: 39,
      mobile: "+6591234567",
      env: "test",
      invoiceId: "6A7K2QXB",
      orderId: order?.id,
      paidAt: "2026-11-23T08:05:00.000Z",
      s3Key: null,
      s3Url: null,
      status: "paid",
      updatedAt: order?.createdAt,
      linkedAt: order?.createdAt,
      ver: 1,
      timestamp,
    });
  });

  describe("a request that is not a GraphQL request", () => {
    it.each(["{}", '{"foo":1}', '{"foo":null}', '{"query":null}', "[1,2]", '["query"]', "[]", "null", "7"])(
      "answers %s with 400 and a BAD_REQUEST error",
      async (body) => {
        const reply = await post(body);
        expect(reply.status).toBe(400);
        const { errors } = (await reply.json()) as { errors: { message: string; extensions: { code: string } }[] };
        expect(errors).toEqual([{ message: expect.any(String), extensions: { code: "BAD_REQUEST" } }]);
      },
    );

    it("answers a GET without a query with 400", async () => {
      const reply = await fetch(`${shop.baseUrl}/graphql`);
      expect(reply.status).toBe(400);
      expect(await reply.json()).toEqual({
        errors: [{ message: "Must provide query string.", extensions: { code: "BAD_REQUEST" } }],
      });
    });

    it("answers a body over the limit with 413 in GraphQL's error shape", async () => {
      const query = `{ series { code } }${" ".repeat(MAX_BODY_BYTES)}`;
      const reply = await post(JSON.stringify({ query }));
      expect(reply.status).toBe(413);
      expect(await reply.json()).toEqual({
        errors: [{ message: "Request body is too large (limit 64 KB).", extensions: { code: "PAYLOAD_TOO_LARGE" } }],
      });
    });

    it("still answers a query that does not parse as GraphQL does, with 200", async () => {
      const reply = await post(JSON.stringify({ query: "{ series {" }));
      expect(reply.status).toBe(200);
      expect(((await reply.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code).toBe(
        "GRAPHQL_PARSE_FAILED",
      );
    });
  });
});
