import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members, pointTransactions } from "../../db/schema/members.ts";
import { customers, orders } from "../../db/schema/orders.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import {
  ORDER_ALREADY_YOURS,
  ORDER_CLAIM_NOT_FOUND,
  ORDER_LINKED_TO_ANOTHER,
  ORDER_NOT_CLAIMABLE,
} from "../../domain/loyalty/link-order.ts";
import { orderLinkUseCases } from "../../domain/loyalty/order-link-use-cases.ts";
import type { MalformedMemberData } from "../../domain/members/member-deps.ts";
import { memberUseCases } from "../../domain/members/member-use-cases.ts";
import { recordPointEntry } from "../../domain/members/point-ledger.ts";
import { isAppError } from "../../domain/shared/app-error.ts";
import { expectEveryCreditKeyed, expectLedgerInvariant } from "../setup/ledger-invariant.ts";
import { placePastOrder } from "../setup/past-orders.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const MOBILE = "+6591234567";

/** The code and message an expected failure carries, to compare outcomes. */
async function failureOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe(`claiming past orders (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  const malformed: MalformedMemberData[] = [];
  const deps = () => ({ db: database.db, onMalformed: (detail: MalformedMemberData) => malformed.push(detail) });
  const links = () => orderLinkUseCases(deps());
  const membersOf = (now?: () => Date) => memberUseCases({ ...deps(), now });

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());

  async function newMember(joinedAt = new Date()) {
    const email = `member-${randomUUID().slice(0, 12)}@example.com`;
    const identity = {
      subject: `sub-${randomUUID()}`,
      provider: "google" as const,
      email,
      emailVerified: true,
      name: "Tan Mei Ling",
      picture: null,
    };
    const { member } = await membersOf(() => joinedAt).getOrCreate(identity);
    return member;
  }

  const newEmail = () => `buyer-${randomUUID().slice(0, 12)}@example.com`;
  const order = (paidAt: Date, email = newEmail()) => placePastOrder(database.db, { email, mobile: "9123 4567", paidAt });
  const claim = (memberId: string, invoiceId: string, mobile = MOBILE) =>
    links().link({ memberId, invoiceId, mobile, clientAddress: `client-${randomUUID()}` });
  const summary = async (memberId: string) => {
    const member = await membersOf().summary(memberId);
    if (!member) throw new Error(`member ${memberId} is gone`);
    return member;
  };
  const orderRow = async (invoiceId: string) => {
    const [row] = await database.db.select().from(orders).where(eq(orders.invoiceId, invoiceId));
    if (!row) throw new Error(`no order ${invoiceId}`);
    return row;
  };
  const entries = (memberId: string, kind: string) =>
    database.db
      .select()
      .from(pointTransactions)
      .where(sql`${pointTransactions.memberId} = ${memberId} and ${pointTransactions.activityType} = ${kind}`);

  describe("linkOrderToMember", () => {
    it("credits a new order's points and counts its spend; the order and its customer record become the member's", async () => {
      const member = await newMember();
      const email = newEmail();
      const placed = await order(new Date(Date.now() - 29 * DAY_MS), email);

      const result = await links().link({
        memberId: member.id,
        invoiceId: ` ${placed.invoiceId.toLowerCase()} `,
        mobile: "+65 9123-4567",
        clientAddress: "203.0.113.9",
      });
      expect(result).toEqual({ invoiceId: placed.invoiceId, age: "new", counted: true, pointsCredited: 39, spentCents: 3900 });
      expect(await summary(member.id)).toMatchObject({ points: 50 + 39, totalSpentCents: 3900, purchaseCount: 1 });

      const row = await orderRow(placed.invoiceId);
      expect(row.memberId).toBe(member.id);
      expect(row.originalMemberId).toBeNull();
      expect(row.linkedAt?.getTime()).toBeCloseTo(Date.now(), -4);
      const [customer] = await database.db.select().from(customers).where(eq(customers.email, email));
      expect(customer?.memberId).toBe(member.id);
      expect(await entries(member.id, "order")).toEqual([
        expect.objectContaining({ transactionType: "credit", points: 39, spentCents: 3900, idempotencyKey: `order:${row.id}` }),
      ]);
      const lists = await membersOf().lists(member.id, ["linkedOrders", "linkedCustomers"]);
      expect(lists.linkedOrders.map((linked) => linked.invoiceId)).toEqual([placed.invoiceId]);
      expect(lists.linkedCustomers.map((linked) => linked.email)).toEqual([email]);
    });

    it("counts an old order (paid more than 30 days before joining) for spend and purchases only", async () => {
      const joined = new Date(Date.now() - DAY_MS);
      const member = await newMember(joined);
      const placed = await order(new Date(joined.getTime() - 30 * DAY_MS - 1000));

      const result = await claim(member.id, placed.invoiceId, "91234567");
      expect(result).toMatchObject({ age: "old", counted: true, pointsCredited: 0, spentCents: 3900 });
      expect(await summary(member.id)).toMatchObject({ points: 50, totalSpentCents: 3900, purchaseCount: 1 });
      expect(await entries(member.id, "order")).toEqual([
        expect.objectContaining({ transactionType: "credit", points: 0, spentCents: 3900 }),
      ]);
    });

    it("counts an order paid exactly 30 days before joining as new", async () => {
      const joined = new Date(Date.now() - 2 * DAY_MS);
      const member = await newMember(joined);
      const placed = await order(new Date(joined.getTime() - 30 * DAY_MS));
      expect(await claim(member.id, placed.invoiceId)).toMatchObject({ age: "new", pointsCredited: 39 });
    });

    it("answers an unknown invoice id and a wrong mobile number alike", async () => {
      const member = await newMember();
      const placed = await order(new Date());
      const wrongMobile = await failureOf(claim(member.id, placed.invoiceId, "9876 5432"));
      const unknownInvoice = await failureOf(claim(member.id, placed.invoiceId === "1A00000X" ? "1A00001X" : "1A00000X"));
      const notAMobile = await failureOf(claim(member.id, placed.invoiceId, "12345"));
      const notACode = await failureOf(claim(member.id, "NOPE"));
      expect(wrongMobile).toEqual({ code: "NOT_FOUND", message: ORDER_CLAIM_NOT_FOUND });
      expect(unknownInvoice).toEqual(wrongMobile);
      expect(notAMobile).toEqual(wrongMobile);
      expect(notACode).toEqual(wrongMobile);
      expect(await failureOf(claim(member.id, "  ", MOBILE))).toMatchObject({ code: "BAD_USER_INPUT" });
      expect((await orderRow(placed.invoiceId)).memberId).toBeNull();
      expect(await summary(member.id)).toMatchObject({ points: 50, purchaseCount: 0 });
    });

    it("links an order to one member: the same member again and another member get CONFLICT", async () => {
      const first = await newMember();
      const second = await newMember();
      const placed = await order(new Date());
      await claim(first.id, placed.invoiceId);
      expect(await failureOf(claim(first.id, placed.invoiceId))).toEqual({ code: "CONFLICT", message: ORDER_ALREADY_YOURS });
      expect(await failureOf(claim(second.id, placed.invoiceId))).toEqual({ code: "CONFLICT", message: ORDER_LINKED_TO_ANOTHER });
      expect(await summary(first.id)).toMatchObject({ points: 89, purchaseCount: 1 });
      expect(await summary(second.id)).toMatchObject({ points: 50, purchaseCount: 0, totalSpentCents: 0 });
    });

    it("refuses cancelled and refunded orders", async () => {
      const member = await newMember();
      for (const status of ["cancelled", "refunded"] as const) {
        const placed = await order(new Date());
        await database.db.update(orders).set({ status }).where(eq(orders.invoiceId, placed.invoiceId));
        expect(await failureOf(claim(member.id, placed.invoiceId))).toEqual({ code: "CONFLICT", message: ORDER_NOT_CLAIMABLE });
      }
      expect(await summary(member.id)).toMatchObject({ points: 50, purchaseCount: 0 });
    });

    it("lets exactly one of ten members claiming one order at once win, every time", async () => {
      for (let round = 0; round < 3; round++) {
        const claimants = await Promise.all(Array.from({ length: 10 }, () => newMember()));
        const placed = await order(new Date());
        const outcomes = await Promise.allSettled(claimants.map((member) => claim(member.id, placed.invoiceId)));
        const won = outcomes.flatMap((outcome, index) => (outcome.status === "fulfilled" ? [claimants[index]] : []));
        expect(won).toHaveLength(1);
        for (const outcome of outcomes) {
          if (outcome.status === "rejected") {
            expect(isAppError(outcome.reason) && outcome.reason.code).toBe("CONFLICT");
            expect((outcome.reason as Error).message).toBe(ORDER_LINKED_TO_ANOTHER);
          }
        }
        expect((await orderRow(placed.invoiceId)).memberId).toBe(won[0]?.id);
        const counts = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from point_transactions where idempotency_key = ${`order:${(await orderRow(placed.invoiceId)).id}`}`,
        );
        expect(counts[0]?.n).toBe(1);
        for (const member of claimants) {
          expect(await summary(member.id)).toMatchObject(
            member.id === won[0]?.id ? { points: 89, purchaseCount: 1 } : { points: 50, purchaseCount: 0 },
          );
        }
      }
      await expectLedgerInvariant(database.db);
      await expectEveryCreditKeyed(database.db);
    });

    it("credits an order once when the same member claims it twice at once", async () => {
      const member = await newMember();
      const placed = await order(new Date());
      const outcomes = await Promise.allSettled([claim(member.id, placed.invoiceId), claim(member.id, placed.invoiceId)]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
      expect((refused.reason as Error).message).toBe(ORDER_ALREADY_YOURS);
      expect(await summary(member.id)).toMatchObject({ points: 89, purchaseCount: 1, totalSpentCents: 3900 });
      await expectLedgerInvariant(database.db);
    });

    it("limits attempts per member and per client address, whatever their outcome", async () => {
      const member = await newMember();
      const placed = await order(new Date());
      for (let attempt = 0; attempt < 10; attempt++) {
        expect(await failureOf(claim(member.id, placed.invoiceId, "9876 5432"))).toMatchObject({ code: "NOT_FOUND" });
      }
      const limited = await failureOf(claim(member.id, placed.invoiceId));
      expect(limited).toEqual({
        code: "RATE_LIMITED",
        message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
      });
      expect((await orderRow(placed.invoiceId)).memberId).toBeNull();

      const address = `shared-${randomUUID()}`;
      const others = await Promise.all(Array.from({ length: 11 }, () => newMember()));
      const fromAddress = (memberId: string) =>
        links().link({ memberId, invoiceId: placed.invoiceId, mobile: "9876 5432", clientAddress: address });
      for (const other of others.slice(0, 10))
        expect(await failureOf(fromAddress(other.id))).toMatchObject({ code: "NOT_FOUND" });
      expect(await failureOf(fromAddress(others[10]?.id ?? ""))).toMatchObject({ code: "RATE_LIMITED" });
    });
  });

  describe("unlinking by email (debug tools)", () => {
    it("unlinks only the caller's orders with that email, keeps originalMemberId and counts an order once", async () => {
      const email = newEmail();
      const owner = await newMember();
      const neighbour = await newMember();
      const older = await order(new Date(Date.now() - 5 * DAY_MS), email);
      const newer = await order(new Date(Date.now() - DAY_MS), email);
      const theirs = await order(new Date(), email);
      await claim(owner.id, older.invoiceId);
      await claim(owner.id, newer.invoiceId);
      await claim(neighbour.id, theirs.invoiceId);
      const viewer = { subject: null, memberId: owner.id };

      const unlinked = await links().removeMemberIdFromOrderByEmail(viewer, email.toUpperCase());
      expect(unlinked).toMatchObject({ invoiceId: newer.invoiceId, memberId: null, originalMemberId: owner.id });
      for (const invoiceId of [older.invoiceId, newer.invoiceId]) {
        expect(await orderRow(invoiceId)).toMatchObject({ memberId: null, originalMemberId: owner.id });
      }
      expect(await orderRow(theirs.invoiceId)).toMatchObject({ memberId: neighbour.id, originalMemberId: null });
      expect(await failureOf(links().removeMemberIdFromOrderByEmail(viewer, email))).toMatchObject({ code: "NOT_FOUND" });
      expect(await failureOf(links().removeMemberIdFromOrderByEmail(viewer, "not an email"))).toMatchObject({
        code: "BAD_USER_INPUT",
      });
      // The points and spend they brought stay; linking again counts nothing twice, whoever links.
      expect(await summary(owner.id)).toMatchObject({ points: 50 + 2 * 39, purchaseCount: 2 });
      expect(await claim(owner.id, newer.invoiceId)).toMatchObject({ counted: false, pointsCredited: 0, spentCents: 0 });
      expect(await claim(neighbour.id, older.invoiceId)).toMatchObject({ counted: false, pointsCredited: 0 });
      expect(await summary(owner.id)).toMatchObject({ points: 50 + 2 * 39, purchaseCount: 2 });
      expect(await summary(neighbour.id)).toMatchObject({ points: 50 + 39, purchaseCount: 1 });
      expect(await orderRow(older.invoiceId)).toMatchObject({ memberId: neighbour.id, originalMemberId: owner.id });
      await expectLedgerInvariant(database.db);
    });

    it("unlinks the caller's customer record only, keeping originalMemberId", async () => {
      const email = newEmail();
      const owner = await newMember();
      const other = await newMember();
      await claim(owner.id, (await order(new Date(), email)).invoiceId);
      expect(
        await failureOf(links().removeMemberIdFromCustomerByEmail({ subject: null, memberId: other.id }, email)),
      ).toMatchObject({
        code: "NOT_FOUND",
      });
      const customer = await links().removeMemberIdFromCustomerByEmail({ subject: null, memberId: owner.id }, email);
      expect(customer).toMatchObject({ email, memberId: null, originalMemberId: owner.id });
      expect((await membersOf().lists(owner.id, ["linkedCustomers"])).linkedCustomers).toEqual([]);
    });

    it("finds the caller's member from a bearer token's account, and refuses an account without one", async () => {
      const owner = await newMember();
      const [identity] = owner.identities;
      await expect(
        links().removeMemberIdFromCustomerByEmail({ subject: identity?.subject ?? "", memberId: null }, newEmail()),
      ).rejects.toMatchObject({ code: "NOT_FOUND", message: "None of your linked customer records has that email address." });
      await expect(
        links().removeMemberIdFromCustomerByEmail({ subject: "nobody", memberId: null }, newEmail()),
      ).rejects.toMatchObject({ code: "NOT_FOUND", message: expect.stringContaining("no membership") });
    });
  });

  describe("createOrUpdateLoyalCustomer (debug tool)", () => {
    it("creates the record of the caller's own email with the debug ltv, then updates only what meta gives", async () => {
      const member = await newMember();
      const viewer = { subject: null, memberId: member.id };
      const created = await links().createOrUpdateLoyalCustomer(viewer, JSON.stringify({ email: member.email.toUpperCase() }));
      expect(created).toMatchObject({
        email: member.email,
        name: "Tan Mei Ling",
        ltvCents: 100_000,
        meta: { email: member.email.toUpperCase() },
      });

      const doubled = JSON.stringify(JSON.stringify({ email: member.email, name: "Mei", ltv: 250.5 }));
      const updated = await links().createOrUpdateLoyalCustomer(viewer, doubled);
      expect(updated).toEqual({
        id: created.id,
        email: member.email,
        name: "Mei",
        ltvCents: 25_050,
        meta: { email: member.email, name: "Mei", ltv: 250.5 },
      });
      expect(await links().createOrUpdateLoyalCustomer(viewer, { email: member.email })).toMatchObject({
        name: "Mei",
        ltvCents: 25_050,
      });

      expect(await failureOf(links().createOrUpdateLoyalCustomer(viewer, JSON.stringify({ email: newEmail() })))).toMatchObject({
        code: "FORBIDDEN",
      });
      for (const meta of [
        "{not json",
        "[]",
        JSON.stringify({ email: member.email, ltv: "lots" }),
        JSON.stringify({ name: "x" }),
      ]) {
        expect(await failureOf(links().createOrUpdateLoyalCustomer(viewer, meta))).toMatchObject({ code: "BAD_USER_INPUT" });
      }
    });
  });

  describe("dummy orders (debug tools)", () => {
    const dummies = async (memberId: string) => (await membersOf().lists(memberId, ["dummyOrders"])).dummyOrders;

    it("refuses a 'when' that is not the string old or new, and a base timestamp that is not a number", async () => {
      const member = await newMember();
      const metas = [
        {},
        { when: "later" },
        { when: "OLD" },
        { when: 1 },
        { when: ["new"] },
        { when: "new", timestamp: "1795248300" },
        { when: "old", timestamp: null, price: "39" },
        { when: "new", price: 0 },
        { when: "new", mobile: "12345" },
      ];
      for (const meta of metas) {
        for (const sent of [JSON.stringify(meta), meta]) {
          expect(await failureOf(links().createDummyOrder(member.id, sent)), JSON.stringify(meta)).toMatchObject({
            code: "BAD_USER_INPUT",
          });
        }
      }
      // NaN has no JSON spelling (it is sent as null), so only an object can carry it.
      for (const timestamp of [Number.NaN, Number.POSITIVE_INFINITY, -1]) {
        expect(await failureOf(links().createDummyOrder(member.id, { when: "new", timestamp }))).toMatchObject({
          code: "BAD_USER_INPUT",
        });
      }
      expect(await failureOf(links().createDummyOrder(member.id, "{oops"))).toMatchObject({ code: "BAD_USER_INPUT" });
      expect(await dummies(member.id)).toEqual([]);
      expect(await summary(member.id)).toMatchObject({ points: 50, purchaseCount: 0 });
    });

    it("places a new one 2 days after the base with an order's points, an old one 2 days before with none", async () => {
      const joined = new Date("2026-11-01T04:00:00.000Z");
      const member = await newMember(joined);
      const fresh = await links().createDummyOrder(member.id, JSON.stringify({ when: "new" }));
      expect(fresh).toMatchObject({ points: 150, purchaseCount: 1, totalSpentCents: 0 });
      const base = Date.parse("2026-10-01T00:00:00.000Z") / 1000;
      await links().createDummyOrder(
        member.id,
        JSON.stringify(
          JSON.stringify({
            when: "old",
            timestamp: base,
            price: 39.9,
            invoiceId: "test1234",
            email: "Other@Example.com",
            mobile: "8123 4567",
          }),
        ),
      );
      const [newest, oldest] = await dummies(member.id);
      expect(newest).toMatchObject({ memberId: member.id, email: member.email, mobile: "", priceCents: 10_000 });
      expect(newest?.orderedAt.toISOString()).toBe("2026-11-03T04:00:00.000Z");
      expect(newest?.invoiceId).toMatch(/^6A[0-9A-Z]{6}$/);
      expect(oldest).toMatchObject({
        invoiceId: "TEST1234",
        email: "other@example.com",
        mobile: "+6581234567",
        priceCents: 3990,
      });
      expect(oldest?.orderedAt.toISOString()).toBe("2026-09-29T00:00:00.000Z");
      expect(await summary(member.id)).toMatchObject({ points: 150, purchaseCount: 2, totalSpentCents: 0 });
      const credits = await entries(member.id, "dummy-order");
      expect(credits.map((entry) => [entry.points, entry.spentCents, entry.idempotencyKey]).sort()).toEqual(
        [
          [0, 3990, `dummy-order:${oldest?.id}`],
          [100, 10_000, `dummy-order:${newest?.id}`],
        ].sort(),
      );
      await expectEveryCreditKeyed(database.db);
    });

    it("gives a gold member 1.5 times the points for a new one", async () => {
      const member = await newMember();
      await database.db
        .update(members)
        .set({ membershipStatus: "gold", goldStartAt: new Date() })
        .where(eq(members.id, member.id));
      expect(await links().createDummyOrder(member.id, JSON.stringify({ when: "new", price: 39 }))).toMatchObject({
        points: 50 + 58,
      });
    });

    it("deletes one with a compensating entry, never below zero, and only the member's own", async () => {
      const member = await newMember();
      const other = await newMember();
      await links().createDummyOrder(member.id, JSON.stringify({ when: "new" }));
      await links().createDummyOrder(member.id, JSON.stringify({ when: "new", price: 20 }));
      const listed = await dummies(member.id);
      const large = listed.find((dummy) => dummy.priceCents === 10_000);
      const small = listed.find((dummy) => dummy.priceCents === 2000);
      if (!small || !large) throw new Error("two dummy orders expected");
      expect(await summary(member.id)).toMatchObject({ points: 170, purchaseCount: 2 });

      expect(await failureOf(links().deleteDummyOrder(other.id, large.id))).toMatchObject({ code: "NOT_FOUND" });
      const afterOne = await links().deleteDummyOrder(member.id, large.id);
      expect(afterOne).toMatchObject({ points: 70, purchaseCount: 1 });
      expect(await failureOf(links().deleteDummyOrder(member.id, large.id))).toMatchObject({ code: "NOT_FOUND" });

      // The points were spent meanwhile: the compensating debit takes what is left, not more.
      await database.db.transaction(async (tx) => {
        await recordPointEntry(tx, {
          memberId: member.id,
          email: member.email,
          kind: "manual-debit",
          transactionType: "debit",
          points: 60,
          idempotencyKey: `test-spend:${member.id}`,
          at: new Date(),
        });
      });
      expect(await links().deleteDummyOrder(member.id, small.id)).toMatchObject({ points: 0, purchaseCount: 0 });
      const debits = (await entries(member.id, "dummy-order")).filter((entry) => entry.transactionType === "debit");
      expect(debits.map((entry) => entry.points).sort()).toEqual([10, 100]);
      expect(await dummies(member.id)).toEqual([]);
      await expectLedgerInvariant(database.db);
    });

    it("deletes one once when two deletions race", async () => {
      const member = await newMember();
      await links().createDummyOrder(member.id, JSON.stringify({ when: "new" }));
      const [dummy] = await dummies(member.id);
      const outcomes = await Promise.allSettled([
        links().deleteDummyOrder(member.id, dummy?.id ?? ""),
        links().deleteDummyOrder(member.id, dummy?.id ?? ""),
      ]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
      expect(await summary(member.id)).toMatchObject({ points: 50, purchaseCount: 0 });
      await expectLedgerInvariant(database.db);
    });
  });
});
