import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertLinkedOrder } from "../setup/member-fixtures.ts";
import {
  callGraphQL,
  codesOf,
  DELETE,
  GET_BY_EMAIL,
  GET_OR_CREATE,
  LINK,
  type TestMember as Member,
  memberOf as memberThrough,
  RESET,
  signIn,
  UNLINK,
} from "../setup/member-graphql.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

describe("GraphQL member operations", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ DEBUG_TOOLS: "true" });
  });
  afterAll(() => shop.close());

  const graphql = (query: string, variables?: Record<string, unknown>, options?: Parameters<typeof callGraphQL>[3]) =>
    callGraphQL(shop.baseUrl, query, variables, options);
  const memberOf = (account: { token: string }, cognitoData?: unknown) => memberThrough(shop.baseUrl, account, cognitoData);

  describe("getOrCreateMember", () => {
    it("creates the member once, green with the 50 sign-up points", async () => {
      const account = await signIn(shop);
      const member = await memberOf(account, { name: "Mei", picture: "https://example.com/mei.png" });
      expect(member).toMatchObject({
        email: account.email,
        googleEmail: account.email,
        facebookEmail: null,
        name: "Mei",
        picture: "https://example.com/mei.png",
        membershipStatus: "green",
        totalSpent: 0,
        points: 50,
        goldStartTimestamp: null,
        formattedGoldStartTimestamp: null,
        purchaseCount: 0,
        activities: ["sign-up"],
        redeems: [],
        linkedCustomers: [],
        linkedOrders: [],
        dummyOrders: [],
      });
      expect(member.membershipStartTimestamp).toBeCloseTo(Date.now() / 1000, -2);
      expect(member.formattedMembershipStartTimestamp).toMatch(
        /^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm)$/,
      );
      expect(new Date(member.createdAt as string).toISOString()).toBe(member.createdAt);
      expect(member.pointTransactions).toEqual([
        expect.objectContaining({
          memberId: member.id,
          activityType: "sign-up",
          activityLabel: "Sign Up",
          transactionType: "credit",
          points: 50,
          spent: 0,
          meta: {},
        }),
      ]);

      const again = await memberOf(account, { name: "Another Name" });
      expect(again).toMatchObject({ id: member.id, name: "Mei", points: 50 });
      expect(again.pointTransactions).toHaveLength(1);
    });

    it("accepts double-encoded cognitoData and reads malformed cognitoData as {}", async () => {
      const first = await signIn(shop);
      const doubled = await graphql(
        GET_OR_CREATE,
        { cognitoData: JSON.stringify(JSON.stringify({ name: "Double Encoded" })) },
        { token: first.token },
      );
      expect(doubled.body.data?.getOrCreateMember).toMatchObject({ name: "Double Encoded", email: first.email });

      const second = await signIn(shop);
      const malformed = await graphql(GET_OR_CREATE, { cognitoData: "{not json" }, { token: second.token });
      expect(malformed.body.errors).toBeUndefined();
      expect(malformed.body.data?.getOrCreateMember).toMatchObject({ name: "Tan Mei Ling", email: second.email, points: 50 });
    });

    it("never takes who the member is from cognitoData", async () => {
      const account = await signIn(shop);
      const reply = await graphql(
        GET_OR_CREATE,
        { cognitoData: JSON.stringify({ email: "victim@example.com" }) },
        { token: account.token },
      );
      expect(codesOf(reply)).toEqual(["FORBIDDEN"]);
    });
  });

  describe("getMemberByEmailAndProviderTypeFast", () => {
    it("returns the caller's own member, refuses another's and answers null for nobody", async () => {
      const mine = await signIn(shop);
      const member = await memberOf(mine);
      const other = await signIn(shop);
      await memberOf(other);

      const own = await graphql(GET_BY_EMAIL, { email: mine.email.toUpperCase(), providerType: "Google" }, { token: mine.token });
      expect(own.body.data?.getMemberByEmailAndProviderTypeFast).toEqual(member);
      const others = await graphql(GET_BY_EMAIL, { email: other.email, providerType: "google" }, { token: mine.token });
      expect(codesOf(others)).toEqual(["FORBIDDEN"]);
      expect(others.body.data?.getMemberByEmailAndProviderTypeFast).toBeNull();
      const nobody = await graphql(GET_BY_EMAIL, { email: "nobody@example.com", providerType: "google" }, { token: mine.token });
      expect(nobody.body).toEqual({ data: { getMemberByEmailAndProviderTypeFast: null } });
      const badProvider = await graphql(GET_BY_EMAIL, { email: mine.email, providerType: "twitter" }, { token: mine.token });
      expect(codesOf(badProvider)).toEqual(["BAD_USER_INPUT"]);
    });

    it("shows linked orders and customers in S$ with the delivery date", async () => {
      const account = await signIn(shop);
      const member = await memberOf(account);
      const { customerId } = await insertLinkedOrder(shop.server.database.db, {
        memberId: member.id,
        email: account.email,
        priceCents: 6890,
        paidAt: new Date("2026-11-20T02:00:00Z"),
        deliveryStart: "2026-11-27",
        deliveryEnd: "2026-12-01",
      });
      const reply = await graphql(GET_BY_EMAIL, { email: account.email, providerType: "google" }, { token: account.token });
      const found = reply.body.data?.getMemberByEmailAndProviderTypeFast as Member;
      expect(found.linkedOrders).toEqual([
        expect.objectContaining({ price: 68.9, deliveryDate: "2026-12-01", paidAt: "2026-11-20T02:00:00.000Z", linkedAt: null }),
      ]);
      expect(found.linkedCustomers).toEqual([expect.objectContaining({ id: customerId, customerStripeID: "cus_test123" })]);
    });
  });

  describe("linkMember", () => {
    it("links a second provider's account proven by its token", async () => {
      const google = await signIn(shop, "google");
      const member = await memberOf(google);
      const facebook = await signIn(shop, "facebook");
      const missing = await graphql(LINK, { currentMemberId: member.id, cognitoData: "{}" }, { token: google.token });
      expect(codesOf(missing)).toEqual(["BAD_USER_INPUT"]);

      const linked = await graphql(
        LINK,
        { currentMemberId: member.id, cognitoData: JSON.stringify({ accessToken: facebook.token }) },
        { token: google.token },
      );
      expect(linked.body.data?.linkMember).toEqual({
        id: member.id,
        email: google.email,
        googleEmail: google.email,
        facebookEmail: facebook.email,
      });
      // The linked account now signs in as the same member.
      expect((await memberOf(facebook)).id).toBe(member.id);
    });

    it("acts only on the caller's own member", async () => {
      const mine = await signIn(shop);
      await memberOf(mine);
      const other = await signIn(shop);
      const theirs = await memberOf(other);
      const facebook = await signIn(shop, "facebook");
      const reply = await graphql(
        LINK,
        { currentMemberId: theirs.id, cognitoData: JSON.stringify({ accessToken: facebook.token }) },
        { token: mine.token },
      );
      expect(codesOf(reply)).toEqual(["FORBIDDEN"]);
    });
  });

  describe("unstorable text (NUL characters, lone UTF-16 surrogates)", () => {
    const NUL = "\u0000";
    const LONE = "\ud800";
    // Raw in a variable, the HTTP edge refuses it (400) before any operation; JSON-escaped inside
    // cognitoData, the operation's schema does (200 with the error). Either way: the field, never a 500.
    const refusedAs = async (reply: Awaited<ReturnType<typeof graphql>>, field: string) => {
      expect([200, 400]).toContain(reply.status);
      expect(codesOf(reply)).toEqual(["BAD_USER_INPUT"]);
      expect(reply.body.errors?.[0]?.message).toContain(field);
    };

    it("in cognitoData, raw or JSON-escaped, is BAD_USER_INPUT and creates no member", async () => {
      for (const bad of [NUL, LONE]) {
        const account = await signIn(shop);
        const asked = (cognitoData: string) => graphql(GET_OR_CREATE, { cognitoData }, { token: account.token });
        await refusedAs(await asked(JSON.stringify({ name: `Mei${bad}` })), "cognitoData.name: must be plain text");
        await refusedAs(
          await asked(JSON.stringify({ picture: `https://example.com/${bad}.png` })),
          "cognitoData.picture: must be plain text",
        );
        await refusedAs(
          await asked(JSON.stringify({ email: `${bad}${account.email}` })),
          "cognitoData.email: must be plain text",
        );
        await refusedAs(await asked(`{"name":"Mei"}${bad}`), "cognitoData");
        const nobody = await graphql(GET_BY_EMAIL, { email: account.email, providerType: "google" }, { token: account.token });
        expect(nobody.body).toEqual({ data: { getMemberByEmailAndProviderTypeFast: null } });
        expect(await memberOf(account)).toMatchObject({ name: "Tan Mei Ling", points: 50 });
      }
    });

    it("in email and providerType is BAD_USER_INPUT", async () => {
      const account = await signIn(shop);
      await memberOf(account);
      for (const bad of [NUL, LONE]) {
        const ask = (variables: { email: string; providerType: string }) =>
          graphql(GET_BY_EMAIL, variables, { token: account.token });
        await refusedAs(await ask({ email: `${account.email}${bad}`, providerType: "google" }), "email");
        await refusedAs(await ask({ email: account.email, providerType: `google${bad}` }), "providerType");
      }
    });

    it("in memberId, currentMemberId and the access token to link is BAD_USER_INPUT and changes nothing", async () => {
      const google = await signIn(shop);
      const member = await memberOf(google);
      const facebook = await signIn(shop, "facebook");
      for (const bad of [NUL, LONE]) {
        for (const operation of [UNLINK, RESET, DELETE]) {
          await refusedAs(await graphql(operation, { memberId: `${member.id}${bad}` }, { token: google.token }), "memberId");
        }
        const wrongId = await graphql(
          LINK,
          { currentMemberId: `${member.id}${bad}`, cognitoData: JSON.stringify({ accessToken: facebook.token }) },
          { token: google.token },
        );
        await refusedAs(wrongId, "currentMemberId");
        const badToken = await graphql(
          LINK,
          { currentMemberId: member.id, cognitoData: JSON.stringify({ accessToken: `${facebook.token}${bad}` }) },
          { token: google.token },
        );
        await refusedAs(badToken, "cognitoData.accessToken: must be plain text");
      }
      expect(await memberOf(google)).toMatchObject({ id: member.id, points: 50, facebookEmail: null });
    });
  });

  describe("debug operations (debug mode on)", () => {
    it("reset, unlink and delete the caller's own member", async () => {
      const google = await signIn(shop);
      const member = await memberOf(google);
      const facebook = await signIn(shop, "facebook");
      await graphql(
        LINK,
        { currentMemberId: member.id, cognitoData: JSON.stringify({ accessToken: facebook.token }) },
        { token: google.token },
      );

      const reset = await graphql(RESET, { memberId: member.id }, { token: google.token });
      expect(reset.body.data?.resetMembership).toMatchObject({
        membershipStatus: "green",
        totalSpent: 0,
        points: 0,
        goldStartTimestamp: null,
        formattedGoldStartTimestamp: null,
      });
      const ledger = await shop.server.database.db.execute(
        sql`select coalesce(sum(case when transaction_type = 'credit' then points else -points end), 0)::int as total
            from point_transactions where member_id = ${member.id}`,
      );
      expect((ledger as unknown as { rows: { total: number }[] }).rows[0]?.total).toBe(0);

      const unlinked = await graphql(UNLINK, { memberId: member.id }, { token: google.token });
      expect(unlinked.body.data?.unlinkMember).toEqual({
        id: member.id,
        googleEmail: google.email,
        facebookEmail: null,
        linkedCustomers: [],
      });

      const deleted = await graphql(DELETE, { memberId: member.id }, { token: google.token });
      expect(deleted.body.data?.deleteMember).toEqual({ email: google.email });
      const gone = await graphql(GET_BY_EMAIL, { email: google.email, providerType: "google" }, { token: google.token });
      expect(gone.body.data?.getMemberByEmailAndProviderTypeFast).toBeNull();
    });

    it("refuse another member's id", async () => {
      const mine = await signIn(shop);
      await memberOf(mine);
      const theirs = await memberOf(await signIn(shop));
      for (const operation of [UNLINK, RESET, DELETE]) {
        const reply = await graphql(operation, { memberId: theirs.id }, { token: mine.token });
        expect(codesOf(reply)).toEqual(["FORBIDDEN"]);
      }
      expect(
        (await graphql(RESET, { memberId: "no-such-member" }, { token: mine.token })).body.errors?.[0]?.extensions?.code,
      ).toBe("FORBIDDEN");
    });

    it("set the gold start date: gold from that Singapore day, or the panel's message for a bad date", async () => {
      const account = await signIn(shop);
      const member = await memberOf(account);
      const setGold = (goldStartDate: string, memberId = member.id) =>
        graphql(SET_GOLD_START_DATE, { memberId, goldStartDate }, { token: account.token });

      const refused = await setGold("2026-02-30");
      expect(codesOf(refused)).toEqual(["BAD_USER_INPUT"]);
      expect(refused.body.errors?.[0]?.message).toBe("Invalid date format. Please use YYYY-MM-DD.");

      const gold = await setGold(todayInSingapore());
      expect(gold.body.data?.setGoldStartDate).toMatchObject({ membershipStatus: "gold", points: 50 });
      const startedAt = Number(
        (gold.body.data?.setGoldStartDate as { goldStartTimestamp?: number } | undefined)?.goldStartTimestamp,
      );
      expect(new Date(startedAt * 1000 + 8 * 3600_000).toISOString()).toBe(`${todayInSingapore()}T00:00:00.000Z`);

      const theirs = await memberOf(await signIn(shop));
      expect(codesOf(await setGold("2026-01-01", theirs.id))).toEqual(["FORBIDDEN"]);
    });
  });
});

const SET_GOLD_START_DATE = `mutation($memberId: ID!, $goldStartDate: String!) {
  setGoldStartDate(memberId: $memberId, goldStartDate: $goldStartDate) {
    membershipStatus points goldStartTimestamp formattedGoldStartTimestamp
  }
}`;

const todayInSingapore = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
