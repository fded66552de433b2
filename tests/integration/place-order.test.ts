import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { seedRewards } from "../../db/seed/rewards.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { createCampaign } from "../../domain/loyalty/campaigns/create-campaign.ts";
import { addRedeemToBag } from "../../domain/loyalty/rewards/redeems/add-redeem-to-bag.ts";
import { type PlacedOrder, type PlaceOrderInput, placeOrder } from "../../domain/orders/place-order.ts";
import { ensureReferralCode } from "../../domain/referrals/referral-code.ts";
import { singaporeDateTimeText } from "../../kernel/singapore-time.ts";
import { bagWith, checkoutPorts, holderOf, SHIPPING } from "../setup/checkout-fixtures.ts";
import { publishRulesAt } from "../setup/expiry-fixtures.ts";
import { checkLedgerAfterEach } from "../setup/ledger-invariant.ts";
import { createMember } from "../setup/loyalty-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { recordingTestPayments } from "../setup/recording-payments.ts";
import { memberWithPoints } from "../setup/redeem-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

/** A Luna box, S$39, and a Joffee box taken as a reward. */
const LUNA = "op-m8_ba-1b";
const JOFFEE = "op-j4_bb-1b";
const PROMOTION_CENTS = 500;
const REFERRAL_CENTS = 390;

describe(`placing an order (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let version = 0;
  const db = () => database.db;
  const jobs = recordingJobs();
  const placing = () => testContext(db(), { ports: { jobs: jobs.jobs } });
  const place = (input: PlaceOrderInput) => db().transaction((tx) => placeOrder(placing(), tx, input));

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    await seedRewards(database.db);
    // Two points per S$1 from a minute ago: the version in force when the order is placed.
    version = await publishRulesAt(database.db, new Date(Date.now() - 60_000), (rules) => ({
      ...rules,
      earning: { ...rules.earning, pointsPerDollar: 2 },
    }));
    const hours = (count: number) => singaporeDateTimeText(new Date(Date.now() + count * 60 * 60_000));
    await createCampaign(testContext(database.db, { viewer: staffWith("programme") }), {
      name: "Fifty for everyone",
      kind: "fixed",
      bonusPoints: "50",
      scope: "all",
      audience: "all",
      endsAt: hours(5),
    });
  });
  checkLedgerAfterEach(db);
  afterAll(() => database.close());

  /** A member with a reward waiting in their bag, a friend's code, and their checkout holding the stock; the order to place. */
  async function memberPurchase(): Promise<{ memberId: string; referralCode: string; input: PlaceOrderInput }> {
    const member = await memberWithPoints(db(), 1000);
    await addRedeemToBag(member.as(), { memberId: member.id, meta: { optionId: JOFFEE } });
    const referralCode = await ensureReferralCode(db(), (await createMember(db())).id);
    const viewer = holderOf(await bagWith(db(), [[LUNA, 1]]), member.id);
    const shop = testContext(db(), { viewer, ports: checkoutPorts(recordingTestPayments(db())) });
    const checkout = await startCheckout(shop, { ...SHIPPING, email: member.email });
    const [session] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, checkout.sessionId));
    if (!session) throw new Error("no checkout session");
    const discountCents = PROMOTION_CENTS + REFERRAL_CENTS;
    const lines = session.lines.map((line) => ({ ...line, discountCents, lineTotalCents: line.lineTotalCents - discountCents }));
    const input: PlaceOrderInput = {
      idempotencyKey: `test-order:${session.id}`,
      lines,
      adjustments: [
        { source: "promotion-code", code: "SPRING5", cents: PROMOTION_CENTS, label: "Discount (SPRING5)" },
        { source: "referral", code: referralCode, cents: REFERRAL_CENTS, label: "Friend's first-order discount" },
      ],
      shippingCents: session.shippingCents,
      delivery: session.delivery,
      customer: { details: session.shipping, memberId: member.id, deviceId: "device-1" },
      payment: {
        sessionId: session.id,
        paymentIntentId: null,
        amountCents: session.subtotalCents - discountCents + session.shippingCents,
        providerCustomerId: "cus_test",
        cardFingerprint: "fp_test",
        paidWith: { method: "card", cardBrand: "visa", cardLast4: "4242", wallet: null },
      },
      at: new Date(),
    };
    return { memberId: member.id, referralCode, input };
  }

  /** Everything an order makes, counted: a second placing must leave each as it was. */
  async function footprint(memberId: string, sessionId: string) {
    const [row] = await queryRows<Record<string, number>>(
      db(),
      sql`select
        (select count(*)::int from orders where checkout_session_id = ${sessionId}) as orders,
        (select count(*)::int from order_lines l join orders o on o.id = l.order_id where o.checkout_session_id = ${sessionId}) as lines,
        (select count(*)::int from stock_movements where checkout_session_id = ${sessionId}) as movements,
        (select coalesce(sum(held), 0)::int from stock_levels) as held,
        (select count(*)::int from point_transactions where member_id = ${memberId}) as entries,
        (select points from members where id = ${memberId}) as points,
        (select purchase_count from members where id = ${memberId}) as purchases,
        (select count(*)::int from redeems where member_id = ${memberId} and status = 'Ordered') as redeems,
        (select count(*)::int from referrals) as referrals,
        (select count(*)::int from email_outbox) as emails,
        (select count(*)::int from shop_events) as events,
        (select count(*)::int from customers) as customers`,
    );
    return row;
  }

  it("does everything an order entails once, however many placings of its key race", async () => {
    const { memberId, referralCode, input } = await memberPurchase();
    const results = await Promise.all(Array.from({ length: 5 }, () => place(input)));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const { orderId, invoiceId } = results[0] as PlacedOrder;
    for (const result of results) expect(result).toMatchObject({ orderId, invoiceId });

    const [order] = await queryRows<Record<string, unknown>>(db(), sql`select * from orders where id = ${orderId}`);
    const goodsCents = input.payment.amountCents - input.shippingCents;
    expect(order).toMatchObject({
      idempotency_key: input.idempotencyKey,
      invoice_id: invoiceId,
      member_id: memberId,
      status: "paid",
      subtotal_cents: goodsCents + PROMOTION_CENTS + REFERRAL_CENTS,
      discount_cents: PROMOTION_CENTS + REFERRAL_CENTS,
      price_cents: input.payment.amountCents,
      card_fingerprint: "fp_test",
    });
    const adjustments = await queryRows(
      db(),
      sql`select position, source, code, cents, label from price_adjustments where order_id = ${orderId} order by position`,
    );
    expect(adjustments).toEqual([
      { position: 0, source: "promotion-code", code: "SPRING5", cents: PROMOTION_CENTS, label: "Discount (SPRING5)" },
      { position: 1, source: "referral", code: referralCode, cents: REFERRAL_CENTS, label: "Friend's first-order discount" },
    ]);
    const lines = await queryRows(db(), sql`select option_id, discount_cents from order_lines where order_id = ${orderId}`);
    expect(lines).toEqual([{ option_id: LUNA, discount_cents: PROMOTION_CENTS + REFERRAL_CENTS }]);
    // What the checkout held (the Luna box and the reward's Joffee box) is sold with the order, nothing held any more.
    const stock = await queryRows<{ reason: string; order_id: string | null; held: number }>(
      db(),
      sql`select reason, order_id, sum(held_change)::int as held from stock_movements
        where checkout_session_id = ${input.payment.sessionId} group by reason, order_id order by reason`,
    );
    expect(stock).toEqual([
      { reason: "held", order_id: null, held: 2 },
      { reason: "sold", order_id: orderId, held: -2 },
    ]);
    const redeems = await queryRows(db(), sql`select status, order_id from redeems where member_id = ${memberId}`);
    expect(redeems).toEqual([{ status: "Ordered", order_id: orderId }]);
    // S$30.10 of goods after discounts earn 2 points a dollar under the version in force, and the campaign its 50.
    const credits = await queryRows(
      db(),
      sql`select activity_type, points, programme_version from point_transactions
        where member_id = ${memberId} and meta->>'orderId' = ${orderId} order by activity_type`,
    );
    expect(credits).toEqual([
      { activity_type: "campaign", points: 50, programme_version: version },
      { activity_type: "order", points: Math.floor(goodsCents / 100) * 2, programme_version: version },
    ]);
    const referrals = await queryRows(db(), sql`select code, discount_cents from referrals where order_id = ${orderId}`);
    expect(referrals).toEqual([{ code: referralCode, discount_cents: REFERRAL_CENTS }]);
    const emails = await queryRows<{ id: string }>(
      db(),
      sql`select id from email_outbox where order_id = ${orderId} and kind = 'order-confirmation'`,
    );
    expect(emails).toHaveLength(1);
    expect(jobs.named("send-email").filter((job) => job.data.outboxId === emails[0]?.id)).toHaveLength(1);
    const events = await queryRows(
      db(),
      sql`select data->>'invoiceId' as invoice from shop_events where key = ${`order.paid:${orderId}`}`,
    );
    expect(events).toEqual([{ invoice: invoiceId }]);
  });

  it("answers a second placing of a key with the first order and changes nothing", async () => {
    const { memberId, input } = await memberPurchase();
    const first = await place(input);
    const before = await footprint(memberId, input.payment.sessionId);
    const sentBefore = jobs.sent.length;
    expect(await place({ ...input, at: new Date(), customer: { ...input.customer, deviceId: "device-2" } })).toEqual({
      ...first,
      created: false,
    });
    expect(await footprint(memberId, input.payment.sessionId)).toEqual(before);
    expect(jobs.sent).toHaveLength(sentBefore);
  });

  it("refuses an order whose lines, adjustments and payment do not add up, and places nothing", async () => {
    const { memberId, input } = await memberPurchase();
    const before = await footprint(memberId, input.payment.sessionId);
    const unpaid = { ...input.payment, amountCents: input.payment.amountCents - 1 };
    await expect(place({ ...input, payment: unpaid })).rejects.toThrow("does not add up");
    await expect(place({ ...input, adjustments: input.adjustments.slice(1) })).rejects.toThrow("does not add up");
    expect(await footprint(memberId, input.payment.sessionId)).toEqual(before);
  });
});
