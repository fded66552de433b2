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
      expect(member.formattedMembershipStartTimestamp).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm)$/);
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
  });
});
