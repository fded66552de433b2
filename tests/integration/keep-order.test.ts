import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderAccessGrants } from "../../db/schema/orders.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { bagIdOf, newBagToken } from "../../domain/bag/bag-token.ts";
import {
  BAD_KEEP_ORDER_LINK,
  emailKeepOrderToken,
  KEEP_ORDER_EMAIL_LINK_MS,
  KEEP_ORDER_EXPIRED,
  KEEP_ORDER_WINDOW_MS,
  keepOrderByLink,
  offerToKeepOrder,
} from "../../domain/loyalty/order-points/keep-order-link.ts";
import { ORDER_ALREADY_YOURS, ORDER_LINKED_TO_ANOTHER } from "../../domain/loyalty/order-points/link-order.ts";
import { orderConfirmationEmail } from "../../domain/orders/order-email.ts";
import { byInvoiceId, loadOrder } from "../../domain/orders/order-view.ts";
import { guest } from "../../domain/shared/context.ts";
import { MINUTE_MS } from "../../kernel/singapore-time.ts";
import { expectLedgerInvariant } from "../setup/ledger-invariant.ts";
import { TEST_EMAIL_LINK_SECRET, testContext } from "../setup/operation-context.ts";
import { failureOf, orderLinkFixture } from "../setup/order-link-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

describe(`keeping the order just paid on the membership (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  const { as, newMember, order, summary, orderRow, entries } = orderLinkFixture(() => database.db);

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());

  /** A guest order paid `ago` milliseconds back in a browser holding its access grant, as checkout leaves it. */
  async function paidInBrowser(ago = 10 * MINUTE_MS) {
    const bagToken = newBagToken();
    const placed = await order(new Date(Date.now() - ago));
    await database.db.insert(orderAccessGrants).values({ holderId: bagIdOf(bagToken), orderId: placed.orderId });
    return { ...placed, bagToken };
  }
  const offer = (bagToken: string | null, invoiceId: string, now?: () => Date) =>
    offerToKeepOrder(testContext(database.db, { viewer: guest(bagToken), now }), { invoiceId });
  async function openOffer(bagToken: string, invoiceId: string) {
    const offered = await offer(bagToken, invoiceId);
    if (offered.state !== "open") throw new Error(`no open offer: ${offered.state}`);
    return offered;
  }
  const keep = (memberId: string, token: string, now?: () => Date) =>
    keepOrderByLink(now ? testContext(database.db, { viewer: as(memberId).viewer, now }) : as(memberId), { memberId, token });

  it("offers the browser that paid the points the order earns a member, and keeping it credits them once", async () => {
    const placed = await paidInBrowser();
    const offered = await openOffer(placed.bagToken, placed.invoiceId);
    expect(offered.points).toBe(39);

    const member = await newMember();
    expect(await keep(member.id, offered.token)).toMatchObject({
      invoiceId: placed.invoiceId,
      counted: true,
      pointsCredited: 39,
    });
    expect(await summary(member.id)).toMatchObject({ points: 50 + 39, totalSpentCents: 3900, purchaseCount: 1 });
    expect((await orderRow(placed.invoiceId)).memberId).toBe(member.id);

    // The link is spent: a reload says so and counts nothing again; the page no longer offers it.
    expect(await failureOf(keep(member.id, offered.token))).toEqual({ code: "CONFLICT", message: ORDER_ALREADY_YOURS });
    expect(await offer(placed.bagToken, placed.invoiceId)).toEqual({ state: "on_membership" });
    expect(await entries(member.id, "order")).toHaveLength(1);
    await expectLedgerInvariant(database.db);
  });

  it("puts the order on one membership once when two tabs or two members race", async () => {
    const placed = await paidInBrowser();
    const { token } = await openOffer(placed.bagToken, placed.invoiceId);
    const member = await newMember();
    const other = await newMember();

    const outcomes = await Promise.allSettled([keep(member.id, token), keep(member.id, token), keep(other.id, token)]);
    const kept = outcomes.filter((outcome) => outcome.status === "fulfilled");
    expect(kept).toHaveLength(1);
    const winner = (await orderRow(placed.invoiceId)).memberId;
    const loser = winner === member.id ? other.id : member.id;
    expect(await summary(winner ?? "")).toMatchObject({ points: 89, totalSpentCents: 3900, purchaseCount: 1 });
    expect(await summary(loser)).toMatchObject({ points: 50, totalSpentCents: 0, purchaseCount: 0 });
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ code: "CONFLICT" });
    }
  });

  it("refuses an order already on another membership", async () => {
    const placed = await paidInBrowser();
    const { token } = await openOffer(placed.bagToken, placed.invoiceId);
    const first = await newMember();
    await keep(first.id, token);
    const second = await newMember();
    expect(await failureOf(keep(second.id, token))).toEqual({ code: "CONFLICT", message: ORDER_LINKED_TO_ANOTHER });
    expect(await summary(second.id)).toMatchObject({ points: 50, purchaseCount: 0 });
  });

  it("offers nothing to another browser, or to one without a bag", async () => {
    const placed = await paidInBrowser();
    expect(await failureOf(offer(newBagToken(), placed.invoiceId))).toMatchObject({ code: "NOT_FOUND" });
    expect(await failureOf(offer(null, placed.invoiceId))).toMatchObject({ code: "NOT_FOUND" });
  });

  it("points to the claim form once the window after paying is over, on the page and at the link", async () => {
    const placed = await paidInBrowser(KEEP_ORDER_WINDOW_MS + MINUTE_MS);
    expect(await offer(placed.bagToken, placed.invoiceId)).toEqual({ state: "expired", points: 39, message: KEEP_ORDER_EXPIRED });

    const fresh = await paidInBrowser();
    const { token } = await openOffer(fresh.bagToken, fresh.invoiceId);
    const member = await newMember();
    const later = () => new Date(Date.now() + KEEP_ORDER_WINDOW_MS);
    expect(await failureOf(keep(member.id, token, later))).toEqual({ code: "CONFLICT", message: KEEP_ORDER_EXPIRED });
    expect(await summary(member.id)).toMatchObject({ points: 50, purchaseCount: 0 });
    expect(KEEP_ORDER_EXPIRED).toMatch(/Claim a past order/);
  });

  it("keeps an order from the confirmation email's link once, until the link expires", async () => {
    const placed = await order(new Date(Date.now() - 10 * MINUTE_MS));
    const row = await orderRow(placed.invoiceId);
    const view = await loadOrder(database.db, byInvoiceId(placed.invoiceId));
    if (!view) throw new Error("no order");
    const email = orderConfirmationEmail(view, "Nectar Lab", "http://shop.test", [], TEST_EMAIL_LINK_SECRET);
    const link = new URL(email.text.match(/http:\/\/shop\.test\/member\/keep-order\S+/)?.[0] ?? "http://shop.test/none");
    expect(email.html).toContain(link.pathname);
    const token = link.searchParams.get("t") ?? "";
    const member = await newMember();
    const afterExpiry = () => new Date(row.paidAt.getTime() + KEEP_ORDER_EMAIL_LINK_MS);
    expect(await failureOf(keep(member.id, token, afterExpiry))).toEqual({ code: "CONFLICT", message: KEEP_ORDER_EXPIRED });

    expect(await keep(member.id, token)).toMatchObject({ pointsCredited: 39 });
    expect(await failureOf(keep(member.id, token))).toEqual({ code: "CONFLICT", message: ORDER_ALREADY_YOURS });
    expect(await entries(member.id, "order")).toHaveLength(1);
    const kept = await loadOrder(database.db, byInvoiceId(placed.invoiceId));
    if (!kept) throw new Error("no order");
    expect(orderConfirmationEmail(kept, "Nectar Lab", "http://shop.test", [], TEST_EMAIL_LINK_SECRET).text).not.toContain(
      "keep-order",
    );
  });

  it("refuses a link the shop did not sign", async () => {
    const placed = await order(new Date());
    const row = await orderRow(placed.invoiceId);
    const member = await newMember();
    const forged = emailKeepOrderToken("another-secret-0123456789abcdef", row);
    for (const token of [forged, "1.abc.def", "", "x".repeat(400)]) {
      expect(await failureOf(keep(member.id, token))).toEqual({ code: "BAD_USER_INPUT", message: BAD_KEEP_ORDER_LINK });
    }
    expect((await orderRow(placed.invoiceId)).memberId).toBeNull();
  });
});
