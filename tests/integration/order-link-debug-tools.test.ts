import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { createDummyOrder } from "../../domain/debug/create-dummy-order.ts";
import { deleteDummyOrder } from "../../domain/debug/delete-dummy-order.ts";
import { createOrUpdateLoyalCustomer } from "../../domain/loyalty/order-points/loyal-customer.ts";
import { removeMemberIdFromCustomerByEmail } from "../../domain/loyalty/order-points/unlink-customer-by-email.ts";
import { removeMemberIdFromOrderByEmail } from "../../domain/loyalty/order-points/unlink-order-by-email.ts";
import { recordPointEntry } from "../../domain/loyalty/points/point-ledger.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import { expectEveryCreditKeyed, expectLedgerInvariant } from "../setup/ledger-invariant.ts";
import { noJobQueue } from "../setup/operation-context.ts";
import { accountViewer, failureOf, orderLinkFixture } from "../setup/order-link-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

describe(`order links and dummy orders for the debug tools (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  const { as, asViewer, lists, newMember, newEmail, order, claim, summary, orderRow, entries } = orderLinkFixture(
    () => database.db,
  );

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());

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
      const unlink = (address: string) => removeMemberIdFromOrderByEmail(as(owner.id, true), { email: address });

      const unlinked = await unlink(email.toUpperCase());
      expect(unlinked).toMatchObject({ invoiceId: newer.invoiceId, memberId: null, originalMemberId: owner.id });
      for (const invoiceId of [older.invoiceId, newer.invoiceId]) {
        expect(await orderRow(invoiceId)).toMatchObject({ memberId: null, originalMemberId: owner.id });
      }
      expect(await orderRow(theirs.invoiceId)).toMatchObject({ memberId: neighbour.id, originalMemberId: null });
      expect(await failureOf(unlink(email))).toMatchObject({ code: "NOT_FOUND" });
      expect(await failureOf(unlink("not an email"))).toMatchObject({
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
      expect(await failureOf(removeMemberIdFromCustomerByEmail(as(other.id, true), { email }))).toMatchObject({
        code: "NOT_FOUND",
      });
      const customer = await removeMemberIdFromCustomerByEmail(as(owner.id, true), { email });
      expect(customer).toMatchObject({ email, memberId: null, originalMemberId: owner.id });
      expect((await lists(owner.id, ["linkedCustomers"])).linkedCustomers).toEqual([]);
    });

    it("finds the caller's member from a bearer token's account, and refuses an account without one", async () => {
      const owner = await newMember();
      const [identity] = owner.identities;
      await expect(
        removeMemberIdFromCustomerByEmail(asViewer(accountViewer(identity?.subject ?? "")), { email: newEmail() }),
      ).rejects.toMatchObject({ code: "NOT_FOUND", message: "None of your linked customer records has that email address." });
      await expect(
        removeMemberIdFromCustomerByEmail(asViewer(accountViewer("nobody")), { email: newEmail() }),
      ).rejects.toMatchObject({ code: "NOT_FOUND", message: expect.stringContaining("no membership") });
    });
  });

  describe("createOrUpdateLoyalCustomer (debug tool)", () => {
    it("creates the record of the caller's own email with the debug ltv, then updates only what meta gives", async () => {
      const member = await newMember();
      const loyal = (meta: unknown) => createOrUpdateLoyalCustomer(as(member.id, true), { meta });
      const created = await loyal(JSON.stringify({ email: member.email.toUpperCase() }));
      expect(created).toMatchObject({
        email: member.email,
        name: "Tan Mei Ling",
        ltvCents: 100_000,
        meta: { email: member.email.toUpperCase() },
      });

      const doubled = JSON.stringify(JSON.stringify({ email: member.email, name: "Mei", ltv: 250.5 }));
      const updated = await loyal(doubled);
      expect(updated).toEqual({
        id: created.id,
        email: member.email,
        name: "Mei",
        ltvCents: 25_050,
        meta: { email: member.email, name: "Mei", ltv: 250.5 },
      });
      expect(await loyal({ email: member.email })).toMatchObject({
        name: "Mei",
        ltvCents: 25_050,
      });

      expect(await failureOf(loyal(JSON.stringify({ email: newEmail() })))).toMatchObject({
        code: "FORBIDDEN",
      });
      for (const meta of [
        "{not json",
        "[]",
        JSON.stringify({ email: member.email, ltv: "lots" }),
        JSON.stringify({ name: "x" }),
      ]) {
        expect(await failureOf(loyal(meta))).toMatchObject({ code: "BAD_USER_INPUT" });
      }
    });
  });

  describe("dummy orders (debug tools)", () => {
    const dummies = async (memberId: string) => (await lists(memberId, ["dummyOrders"])).dummyOrders;
    const create = (memberId: string, meta: unknown) => createDummyOrder(as(memberId, true), { memberId, meta });
    const remove = (memberId: string, orderId: string) => deleteDummyOrder(as(memberId, true), { memberId, orderId });

    it("work only in debug mode, on the caller's own member", async () => {
      const member = await newMember();
      const other = await newMember();
      const meta = { when: "new" };
      const off = { code: "FORBIDDEN", message: "Debug operations are turned off." };
      expect(await failureOf(createDummyOrder(as(member.id), { memberId: member.id, meta }))).toEqual(off);
      expect(await failureOf(removeMemberIdFromOrderByEmail(as(member.id), { email: member.email }))).toEqual(off);
      expect(await failureOf(removeMemberIdFromCustomerByEmail(as(member.id), { email: member.email }))).toEqual(off);
      expect(await failureOf(createOrUpdateLoyalCustomer(as(member.id), { meta: { email: member.email } }))).toEqual(off);
      expect(await failureOf(createDummyOrder(as(other.id, true), { memberId: member.id, meta }))).toMatchObject({
        code: "FORBIDDEN",
      });
      expect(await dummies(member.id)).toEqual([]);
    });

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
          expect(await failureOf(create(member.id, sent)), JSON.stringify(meta)).toMatchObject({
            code: "BAD_USER_INPUT",
          });
        }
      }
      // NaN has no JSON spelling (it is sent as null), so only an object can carry it.
      for (const timestamp of [Number.NaN, Number.POSITIVE_INFINITY, -1]) {
        expect(await failureOf(create(member.id, { when: "new", timestamp }))).toMatchObject({
          code: "BAD_USER_INPUT",
        });
      }
      expect(await failureOf(create(member.id, "{oops"))).toMatchObject({ code: "BAD_USER_INPUT" });
      expect(await dummies(member.id)).toEqual([]);
      expect(await summary(member.id)).toMatchObject({ points: 50, purchaseCount: 0 });
    });

    it("places a new one 2 days after the base with an order's points, an old one 2 days before with none", async () => {
      const joined = new Date("2026-11-01T04:00:00.000Z");
      const member = await newMember(joined);
      const fresh = await create(member.id, JSON.stringify({ when: "new" }));
      expect(fresh).toMatchObject({ points: 150, purchaseCount: 1, totalSpentCents: 0 });
      const base = Date.parse("2026-10-01T00:00:00.000Z") / 1000;
      await create(
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
      expect(await create(member.id, JSON.stringify({ when: "new", price: 39 }))).toMatchObject({
        points: 50 + 58,
      });
    });

    it("deletes one with a compensating entry, never below zero, and only the member's own", async () => {
      const member = await newMember();
      const other = await newMember();
      await create(member.id, JSON.stringify({ when: "new" }));
      await create(member.id, JSON.stringify({ when: "new", price: 20 }));
      const listed = await dummies(member.id);
      const large = listed.find((dummy) => dummy.priceCents === 10_000);
      const small = listed.find((dummy) => dummy.priceCents === 2000);
      if (!small || !large) throw new Error("two dummy orders expected");
      expect(await summary(member.id)).toMatchObject({ points: 170, purchaseCount: 2 });

      expect(await failureOf(remove(other.id, large.id))).toMatchObject({ code: "NOT_FOUND" });
      const afterOne = await remove(member.id, large.id);
      expect(afterOne).toMatchObject({ points: 70, purchaseCount: 1 });
      expect(await failureOf(remove(member.id, large.id))).toMatchObject({ code: "NOT_FOUND" });

      // The points were spent meanwhile: the compensating debit takes what is left, not more.
      await database.db.transaction(async (tx) => {
        await recordPointEntry(tx, noJobQueue, {
          memberId: member.id,
          email: member.email,
          kind: "manual-debit",
          transactionType: "debit",
          programmeVersion: 1,
          points: 60,
          idempotencyKey: `test-spend:${member.id}`,
          at: new Date(),
        });
      });
      expect(await remove(member.id, small.id)).toMatchObject({ points: 0, purchaseCount: 0 });
      const debits = (await entries(member.id, "dummy-order")).filter((entry) => entry.transactionType === "debit");
      expect(debits.map((entry) => entry.points).sort()).toEqual([10, 100]);
      expect(await dummies(member.id)).toEqual([]);
      await expectLedgerInvariant(database.db);
    });

    it("deletes one once when two deletions race", async () => {
      const member = await newMember();
      await create(member.id, JSON.stringify({ when: "new" }));
      const [dummy] = await dummies(member.id);
      const outcomes = await Promise.allSettled([remove(member.id, dummy?.id ?? ""), remove(member.id, dummy?.id ?? "")]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
      expect(await summary(member.id)).toMatchObject({ points: 50, purchaseCount: 0 });
      await expectLedgerInvariant(database.db);
    });
  });
});
