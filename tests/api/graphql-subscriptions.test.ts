import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "../../db/schema/subscriptions.ts";
import { addDaysToDate, singaporeDate } from "../../kernel/singapore-time.ts";
import { callGraphQL, codesOf, memberOf, signIn } from "../setup/member-graphql.ts";
import { insertSubscription, LUNA } from "../setup/subscription-fixtures.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const FIELDS = `id status optionId productName quantity cadenceWeeks discountPercent nextRenewalOn pausedUntil nextAmount
  cardBrand cardLast4 shipping { name postalCode } cancelledAt`;
const LIST = `query { subscriptions { ${FIELDS} } }`;
const SKIP = `mutation($id: ID!, $on: String) { skipRenewal(subscriptionId: $id, renewalOn: $on) { ${FIELDS} } }`;
const MOVE = `mutation($id: ID!, $on: String!) { moveRenewal(subscriptionId: $id, renewalOn: $on) { ${FIELDS} } }`;
const PAUSE = `mutation($id: ID!, $until: String) { pauseSubscription(subscriptionId: $id, until: $until) { ${FIELDS} } }`;
const RESUME = `mutation($id: ID!) { resumeSubscription(subscriptionId: $id) { ${FIELDS} } }`;
const CANCEL = `mutation($id: ID!, $reason: String) { cancelSubscription(subscriptionId: $id, reason: $reason) { ${FIELDS} } }`;

type Reply = Awaited<ReturnType<typeof callGraphQL>>;
const answerOf = (reply: Reply, field: string) => {
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data?.[field] as Record<string, unknown>;
};

describe("a member's subscriptions through GraphQL", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
  });
  afterAll(() => shop.close());

  const db = () => shop.server.database.db;
  const today = () => singaporeDate(new Date());
  const reread = async (id: string) => {
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, id));
    return row;
  };
  async function subscriber() {
    const account = await signIn(shop);
    const member = await memberOf(shop.baseUrl, account);
    const subscription = await insertSubscription(db(), { memberId: member.id, nextRenewalOn: addDaysToDate(today(), 10) });
    const call = (query: string, variables: Record<string, unknown> = {}) =>
      callGraphQL(shop.baseUrl, query, variables, { token: account.token });
    return { call, subscription };
  }

  it("lists only the caller's own subscriptions, with the next box's date and amount; no credentials, no list", async () => {
    const { call, subscription } = await subscriber();
    await subscriber();
    expect(answerOf(await call(LIST), "subscriptions")).toEqual([
      {
        id: subscription.id,
        status: "active",
        optionId: LUNA,
        productName: expect.any(String),
        quantity: 1,
        cadenceWeeks: 4,
        discountPercent: 15,
        nextRenewalOn: subscription.nextRenewalOn,
        pausedUntil: null,
        // S$39 less 15 % and S$4.90 shipping.
        nextAmount: 38.05,
        cardBrand: "visa",
        cardLast4: "4242",
        shipping: { name: "Tan Mei Ling", postalCode: "238801" },
        cancelledAt: null,
      },
    ]);
    const anonymous = await callGraphQL(shop.baseUrl, LIST);
    expect(anonymous.status).toBe(401);
    expect(codesOf(anonymous)).toEqual(["UNAUTHENTICATED"]);
  });

  it("skips, moves, pauses, resumes and cancels, each answered with the subscription it leaves", async () => {
    const { call, subscription } = await subscriber();
    const id = subscription.id;
    const due = subscription.nextRenewalOn;
    expect(answerOf(await call(SKIP, { id, on: due }), "skipRenewal")).toMatchObject({ nextRenewalOn: addDaysToDate(due, 28) });
    // The same skip again finds that box gone: nothing more is skipped.
    expect(codesOf(await call(SKIP, { id, on: due }))).toEqual(["CONFLICT"]);

    const day = addDaysToDate(today(), 3);
    expect(answerOf(await call(MOVE, { id, on: day }), "moveRenewal")).toMatchObject({ nextRenewalOn: day });

    const until = addDaysToDate(today(), 20);
    expect(answerOf(await call(PAUSE, { id, until }), "pauseSubscription")).toMatchObject({
      status: "paused",
      pausedUntil: until,
    });
    expect(answerOf(await call(RESUME, { id }), "resumeSubscription")).toMatchObject({ status: "active", pausedUntil: null });
    expect(answerOf(await call(PAUSE, { id }), "pauseSubscription")).toMatchObject({ status: "paused", pausedUntil: null });

    const cancelled = answerOf(await call(CANCEL, { id, reason: "Moving abroad" }), "cancelSubscription");
    expect(cancelled).toMatchObject({ status: "cancelled", nextRenewalOn: null, nextAmount: null });
    expect(Date.parse(String(cancelled.cancelledAt))).not.toBeNaN();
    expect(await reread(id)).toMatchObject({ status: "cancelled", cancelReason: "Moving abroad" });
    expect(codesOf(await call(RESUME, { id }))).toEqual(["CONFLICT"]);
  });

  it("refuses bad input with BAD_USER_INPUT and another member's subscription as not found, changing nothing", async () => {
    const { call, subscription } = await subscriber();
    const id = subscription.id;
    for (const on of ["tomorrow", "2020-01-01", addDaysToDate(today(), 91)]) {
      expect(codesOf(await call(MOVE, { id, on }))).toEqual(["BAD_USER_INPUT"]);
    }
    expect(codesOf(await call(PAUSE, { id, until: "31/12/2099" }))).toEqual(["BAD_USER_INPUT"]);
    expect(codesOf(await call(CANCEL, { id, reason: "x".repeat(501) }))).toEqual(["BAD_USER_INPUT"]);

    const stranger = await subscriber();
    for (const [query, variables] of [
      [SKIP, { id }],
      [MOVE, { id, on: addDaysToDate(today(), 3) }],
      [PAUSE, { id }],
      [RESUME, { id }],
      [CANCEL, { id }],
    ] as const) {
      const reply = await stranger.call(query, variables);
      expect(codesOf(reply)).toEqual(["NOT_FOUND"]);
      expect(reply.body.errors?.[0]?.message).toBe("There is no such subscription.");
    }
    expect(await reread(id)).toMatchObject({ status: "active", nextRenewalOn: subscription.nextRenewalOn, cancelReason: null });
  });
});
