import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectEveryCreditKeyed, expectLedgerInvariant } from "../setup/ledger-invariant.ts";
import { callGraphQL, codesOf, type TestMember as Member, memberOf, signIn } from "../setup/member-graphql.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const POINTS_FIELDS = "id points activities pointTransactions { activityType activityLabel transactionType points meta }";

const EARN = `mutation($memberId: ID!, $meta: String) {
  createEarnPointTransaction(memberId: $memberId, meta: $meta) { ${POINTS_FIELDS} }
}`;
const REFUND = `mutation($memberId: ID!, $meta: String) {
  refundPointTransaction(memberId: $memberId, meta: $meta) { ${POINTS_FIELDS} }
}`;
const deleteAll = (kind: "Earned" | "Refund" | "Bonus" | "DummyOrder") => `mutation($memberId: ID!) {
  deleteAll${kind}PointTransactions(memberId: $memberId) { ${POINTS_FIELDS} }
}`;

type PointsMember = Pick<Member, "id" | "points"> & {
  activities: string[];
  pointTransactions: { activityType: string; activityLabel: string; transactionType: string; points: number; meta: unknown }[];
};

describe("GraphQL points operations", () => {
  let debugShop: TestServer;
  let plainShop: TestServer;
  beforeAll(async () => {
    [debugShop, plainShop] = await Promise.all([startTestServer({ DEBUG_TOOLS: "true" }), startTestServer()]);
  });
  afterAll(async () => {
    await Promise.all([debugShop?.close(), plainShop?.close()]);
  });

  async function newMember(shop: TestServer) {
    const account = await signIn(shop);
    const member = await memberOf(shop.baseUrl, account);
    return { account, member };
  }

  async function call(shop: TestServer, token: string, query: string, variables: Record<string, unknown>, field: string) {
    const reply = await callGraphQL(shop.baseUrl, query, variables, { token });
    return { reply, member: reply.body.data?.[field] as PointsMember | null | undefined };
  }

  describe("createEarnPointTransaction", () => {
    it("credits an action once from a JSON string meta, double-encoded too", async () => {
      const { account, member } = await newMember(plainShop);
      const meta = JSON.stringify({ activityType: "follow-ig" });
      const first = await call(plainShop, account.token, EARN, { memberId: member.id, meta }, "createEarnPointTransaction");
      expect(first.reply.body.errors).toBeUndefined();
      expect(first.member).toMatchObject({ id: member.id, points: 100, activities: ["sign-up", "follow-ig"] });
      expect(first.member?.pointTransactions[0]).toEqual({
        activityType: "follow-ig",
        activityLabel: "Followed on Instagram",
        transactionType: "credit",
        points: 50,
        meta: { activityType: "follow-ig" },
      });
      const again = await call(
        plainShop,
        account.token,
        EARN,
        { memberId: member.id, meta: JSON.stringify(meta) },
        "createEarnPointTransaction",
      );
      expect(again.member).toMatchObject({ points: 100, activities: ["sign-up", "follow-ig"] });
      expect(again.member?.pointTransactions).toHaveLength(2);
    });

    it("credits once when 20 identical calls arrive together", async () => {
      const { account, member } = await newMember(plainShop);
      const meta = JSON.stringify({ activityType: "tag-social" });
      const replies = await Promise.all(
        Array.from({ length: 20 }, () =>
          call(plainShop, account.token, EARN, { memberId: member.id, meta }, "createEarnPointTransaction"),
        ),
      );
      for (const { reply } of replies) expect(reply.body.errors).toBeUndefined();
      expect(new Set(replies.map(({ member: after }) => after?.points))).toEqual(new Set([100]));
      await expectLedgerInvariant(plainShop.server.database.db);
      await expectEveryCreditKeyed(plainShop.server.database.db);
    });

    it("answers BAD_USER_INPUT for hidden, coming-soon and malformed requests", async () => {
      const { account, member } = await newMember(plainShop);
      const earn = async (meta: string | null) =>
        (await call(plainShop, account.token, EARN, { memberId: member.id, meta }, "createEarnPointTransaction")).reply;
      const tiktok = await earn(JSON.stringify({ activityType: "follow-tt" }));
      expect(codesOf(tiktok)).toEqual(["BAD_USER_INPUT"]);
      expect(tiktok.body.errors?.[0]?.message).toBe('"Follow Us on TikTok" is not available.');
      expect(codesOf(await earn(JSON.stringify({ activityType: "refer-friends" })))).toEqual(["BAD_USER_INPUT"]);
      // Malformed JSON is refused with what is wrong with it (it used to read as {}).
      const malformed = await earn("{activityType: follow-ig");
      expect(codesOf(malformed)).toEqual(["BAD_USER_INPUT"]);
      expect(malformed.body.errors?.[0]?.message).toMatch(/^meta: must be a JSON object/);
      // Text PostgreSQL cannot store, anywhere inside meta, is refused before it reaches jsonb.
      const nul = await earn(JSON.stringify({ activityType: "follow-ig", note: "a\u0000b" }));
      expect(codesOf(nul)).toEqual(["BAD_USER_INPUT"]);
      expect(nul.status).toBe(200);
      expect(codesOf(await earn(null))).toEqual(["BAD_USER_INPUT"]);
      expect(codesOf(await earn('["follow-ig"]'))).toEqual(["BAD_USER_INPUT"]);
    });

    it("refuses another member's id and a caller without credentials", async () => {
      const mine = await newMember(plainShop);
      const theirs = await newMember(plainShop);
      const meta = JSON.stringify({ activityType: "follow-fb" });
      const other = await call(
        plainShop,
        mine.account.token,
        EARN,
        { memberId: theirs.member.id, meta },
        "createEarnPointTransaction",
      );
      expect(codesOf(other.reply)).toEqual(["FORBIDDEN"]);
      const anonymous = await callGraphQL(plainShop.baseUrl, EARN, { memberId: theirs.member.id, meta });
      expect(anonymous.status).toBe(401);
      expect(codesOf(anonymous)).toEqual(["UNAUTHENTICATED"]);
      const after = await memberOf(plainShop.baseUrl, theirs.account);
      expect(after.points).toBe(50);
    });

    it("credits the debug bonus only with debug mode on", async () => {
      const plain = await newMember(plainShop);
      const bonus = JSON.stringify({ activityType: "bonus" });
      const refused = await call(
        plainShop,
        plain.account.token,
        EARN,
        { memberId: plain.member.id, meta: bonus },
        "createEarnPointTransaction",
      );
      expect(codesOf(refused.reply)).toEqual(["FORBIDDEN"]);

      const debug = await newMember(debugShop);
      const given = await call(
        debugShop,
        debug.account.token,
        EARN,
        { memberId: debug.member.id, meta: bonus },
        "createEarnPointTransaction",
      );
      expect(given.member).toMatchObject({ points: 150, activities: ["sign-up"] });
      expect(given.member?.pointTransactions[0]).toMatchObject({
        activityType: "bonus",
        activityLabel: "Dummy Bonus Points",
        points: 100,
      });
    });
  });

  describe("refundPointTransaction", () => {
    it("credits a refund of meta.points (100 by default) in debug mode", async () => {
      const { account, member } = await newMember(debugShop);
      const byDefault = await call(debugShop, account.token, REFUND, { memberId: member.id }, "refundPointTransaction");
      expect(byDefault.member?.points).toBe(150);
      expect(byDefault.member?.pointTransactions[0]).toMatchObject({
        activityType: "refund",
        activityLabel: "Refund",
        transactionType: "credit",
        points: 100,
      });
      const some = await call(
        debugShop,
        account.token,
        REFUND,
        { memberId: member.id, meta: JSON.stringify({ points: 30 }) },
        "refundPointTransaction",
      );
      expect(some.member?.points).toBe(180);
      const wrong = await call(
        debugShop,
        account.token,
        REFUND,
        { memberId: member.id, meta: JSON.stringify({ points: "lots" }) },
        "refundPointTransaction",
      );
      expect(codesOf(wrong.reply)).toEqual(["BAD_USER_INPUT"]);
    });

    it("is FORBIDDEN with debug mode off, or for another member", async () => {
      const plain = await newMember(plainShop);
      const off = await call(plainShop, plain.account.token, REFUND, { memberId: plain.member.id }, "refundPointTransaction");
      expect(codesOf(off.reply)).toEqual(["FORBIDDEN"]);
      expect(off.reply.body.errors?.[0]?.message).toBe("Debug operations are turned off.");
      const mine = await newMember(debugShop);
      const theirs = await newMember(debugShop);
      const other = await call(debugShop, mine.account.token, REFUND, { memberId: theirs.member.id }, "refundPointTransaction");
      expect(codesOf(other.reply)).toEqual(["FORBIDDEN"]);
    });
  });

  describe("deleteAll…PointTransactions", () => {
    it("deletes one kind of entries and moves the balance with them", async () => {
      const { account, member } = await newMember(debugShop);
      const run = (query: string, variables: Record<string, unknown>, field: string) =>
        call(debugShop, account.token, query, variables, field);
      await run(EARN, { memberId: member.id, meta: JSON.stringify({ activityType: "follow-ig" }) }, "createEarnPointTransaction");
      await run(
        EARN,
        { memberId: member.id, meta: JSON.stringify({ activityType: "bonus", points: 70 }) },
        "createEarnPointTransaction",
      );
      await run(REFUND, { memberId: member.id, meta: JSON.stringify({ points: 20 }) }, "refundPointTransaction");

      const earned = await run(deleteAll("Earned"), { memberId: member.id }, "deleteAllEarnedPointTransactions");
      expect(earned.member).toMatchObject({ points: 140, activities: ["sign-up"] });
      const refunds = await run(deleteAll("Refund"), { memberId: member.id }, "deleteAllRefundPointTransactions");
      expect(refunds.member?.points).toBe(120);
      const bonus = await run(deleteAll("Bonus"), { memberId: member.id }, "deleteAllBonusPointTransactions");
      expect(bonus.member?.points).toBe(50);
      const dummy = await run(deleteAll("DummyOrder"), { memberId: member.id }, "deleteAllDummyOrderPointTransactions");
      expect(dummy.member).toMatchObject({ points: 50, activities: ["sign-up"] });
      expect(dummy.member?.pointTransactions.map((entry) => entry.activityType)).toEqual(["sign-up"]);
      await expectLedgerInvariant(debugShop.server.database.db);
    });

    it("is FORBIDDEN with debug mode off, or for another member", async () => {
      const plain = await newMember(plainShop);
      for (const kind of ["Earned", "Refund", "Bonus", "DummyOrder"] as const) {
        const off = await call(
          plainShop,
          plain.account.token,
          deleteAll(kind),
          { memberId: plain.member.id },
          `deleteAll${kind}PointTransactions`,
        );
        expect(codesOf(off.reply)).toEqual(["FORBIDDEN"]);
      }
      const mine = await newMember(debugShop);
      const theirs = await newMember(debugShop);
      const other = await call(
        debugShop,
        mine.account.token,
        deleteAll("Bonus"),
        { memberId: theirs.member.id },
        "deleteAllBonusPointTransactions",
      );
      expect(codesOf(other.reply)).toEqual(["FORBIDDEN"]);
    });
  });
});
