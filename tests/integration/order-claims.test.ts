import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, orders } from "../../db/schema/orders.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import {
  linkOrderToMember,
  ORDER_ALREADY_YOURS,
  ORDER_CLAIM_NOT_FOUND,
  ORDER_LINKED_TO_ANOTHER,
  ORDER_NOT_CLAIMABLE,
} from "../../domain/loyalty/order-points/link-order.ts";
import { isAppError } from "../../kernel/app-error.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import { expectEveryCreditKeyed, expectLedgerInvariant } from "../setup/ledger-invariant.ts";
import { testContext } from "../setup/operation-context.ts";
import { failureOf, MOBILE, orderLinkFixture } from "../setup/order-link-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

describe(`claiming past orders (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  const { as, link, lists, newMember, newEmail, order, claim, summary, orderRow, entries } = orderLinkFixture(() => database.db);

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());

  describe("linkOrderToMember", () => {
    it("credits a new order's points and counts its spend; the order and its customer record become the member's", async () => {
      const member = await newMember();
      const email = newEmail();
      const placed = await order(new Date(Date.now() - 29 * DAY_MS), email);

      const result = await link({
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
      const linkedLists = await lists(member.id, ["linkedOrders", "linkedCustomers"]);
      expect(linkedLists.linkedOrders.map((linked) => linked.invoiceId)).toEqual([placed.invoiceId]);
      expect(linkedLists.linkedCustomers.map((linked) => linked.email)).toEqual([email]);
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

    it("lets a member claim for their own membership only, and answers with the member", async () => {
      const member = await newMember();
      const other = await newMember();
      const placed = await order(new Date());
      const input = { memberId: member.id, invoiceId: placed.invoiceId, mobile: MOBILE, clientAddress: "203.0.113.7" };
      expect(await failureOf(linkOrderToMember(as(other.id), input))).toMatchObject({ code: "FORBIDDEN" });
      expect(await failureOf(linkOrderToMember(testContext(database.db), input))).toMatchObject({ code: "UNAUTHENTICATED" });
      for (const invoiceId of [`${placed.invoiceId}\u0000`, "\ud800"]) {
        expect(await failureOf(linkOrderToMember(as(member.id), { ...input, invoiceId }))).toMatchObject({
          code: "BAD_USER_INPUT",
        });
      }
      expect((await orderRow(placed.invoiceId)).memberId).toBeNull();
      const { claim: result, member: after } = await linkOrderToMember(as(member.id), input);
      expect(result).toMatchObject({ invoiceId: placed.invoiceId, pointsCredited: 39 });
      expect(after).toMatchObject({ id: member.id, points: 89, purchaseCount: 1 });
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
        link({ memberId, invoiceId: placed.invoiceId, mobile: "9876 5432", clientAddress: address });
      for (const other of others.slice(0, 10))
        expect(await failureOf(fromAddress(other.id))).toMatchObject({ code: "NOT_FOUND" });
      expect(await failureOf(fromAddress(others[10]?.id ?? ""))).toMatchObject({ code: "RATE_LIMITED" });
    });
  });
});
