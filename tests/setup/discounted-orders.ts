import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { customers, orderLines } from "../../db/schema/orders.ts";
import { pointTransactions } from "../../db/schema/points.ts";
import { priceAdjustments } from "../../db/schema/price-adjustments.ts";
import { promotionCodes } from "../../db/schema/promotion-codes.ts";
import { referrals } from "../../db/schema/referrals.ts";
import { refundLines, refunds } from "../../db/schema/refunds.ts";
import { redeems } from "../../db/schema/rewards.ts";
import type { AdjustmentSource } from "../../kernel/adjustment-sources.ts";
import type { OrderStatus } from "../../kernel/order-statuses.ts";

/** The clock of the documents these orders are read on: 10:00 in Singapore on 20 March 2026. */
export const DOCUMENTS_NOW = new Date("2026-03-20T02:00:00Z");

const luna = { optionId: "op-luna", productName: "Luna Collagen", flavourName: "Lychee Luxe", optionName: "1 Box" };
const joffee = { optionId: "op-joffee", productName: "Joffee", flavourName: "Yuzu", optionName: "1 Box" };
type Line = (typeof luna | typeof joffee) & { quantity: number; unitPriceCents: number; discountCents: number };

/**
 * An order as discounts were kept before they were rows: in promotion_code, discount_cents and
 * referral_discount_cents of the order (its lines carrying their share), written in SQL so the order
 * goes in on a database migrated only that far.
 */
type OldOrder = {
  key: string;
  status: OrderStatus;
  day: number;
  lines: Line[];
  shippingCents: number;
  promotionCode?: string;
  referralDiscountCents?: number;
  memberId?: string;
};

const MEMBER_ID = "member-mig-reward";
const REFERRER_ID = "member-mig-referrer";

/** One order of every kind discounts come in, refunds and cancels included. */
const ORDERS: OldOrder[] = [
  {
    key: "CODE",
    status: "delivered",
    day: 2,
    lines: [
      { ...luna, quantity: 2, unitPriceCents: 3900, discountCents: 780 },
      { ...joffee, quantity: 1, unitPriceCents: 1490, discountCents: 149 },
    ],
    shippingCents: 0,
    promotionCode: "FIRST10",
  },
  {
    key: "REFERRAL",
    status: "paid",
    day: 3,
    lines: [{ ...luna, quantity: 2, unitPriceCents: 3900, discountCents: 780 }],
    shippingCents: 0,
    referralDiscountCents: 780,
  },
  {
    key: "BOTH",
    status: "shipped",
    day: 4,
    lines: [{ ...luna, quantity: 3, unitPriceCents: 3900, discountCents: 1620 }],
    shippingCents: 0,
    promotionCode: "SAVE5",
    referralDiscountCents: 1120,
  },
  {
    key: "REWARD",
    status: "delivered",
    day: 5,
    lines: [{ ...joffee, quantity: 1, unitPriceCents: 1490, discountCents: 0 }],
    shippingCents: 490,
    memberId: MEMBER_ID,
  },
  {
    key: "ZEROCODE",
    status: "paid",
    day: 6,
    lines: [{ ...joffee, quantity: 1, unitPriceCents: 1490, discountCents: 0 }],
    shippingCents: 490,
    promotionCode: "NOTHINGOFF",
  },
  {
    key: "REFUNDED",
    status: "delivered",
    day: 7,
    lines: [
      { ...luna, quantity: 2, unitPriceCents: 3900, discountCents: 390 },
      { ...joffee, quantity: 2, unitPriceCents: 1490, discountCents: 149 },
    ],
    shippingCents: 0,
    promotionCode: "WELCOME5",
  },
  {
    key: "CANCELLED",
    status: "cancelled",
    day: 8,
    lines: [{ ...luna, quantity: 1, unitPriceCents: 3900, discountCents: 390 }],
    shippingCents: 490,
    promotionCode: "FIRST10",
  },
];

/** The invoice id of one of the orders: fixed, so what the documents read can be compared run to run. */
export const invoiceOf = (key: string) => `MIG${key}`;
export const ORDER_KEYS = ORDERS.map((order) => order.key);
const idOf = (key: string) => `order-mig-${key.toLowerCase()}`;
const at = (day: number, hour = 2) => new Date(Date.UTC(2026, 2, day, hour));

async function insertOrder(db: Database, order: OldOrder): Promise<void> {
  const id = idOf(order.key);
  const subtotalCents = order.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  const discountCents = order.lines.reduce((sum, line) => sum + line.discountCents, 0);
  const priceCents = subtotalCents - discountCents + order.shippingCents;
  const email = `${order.key.toLowerCase()}@example.com`;
  const contact = { email, mobile: "+6591234567", address: "1 Orchard Road, #01-01", postalCode: "238801" };
  await db.insert(customers).values({ id: `customer-${id}`, name: "Tan Mei Ling", ...contact });
  const shipping = { name: "Tan Mei Ling", ...contact, newsletter: false };
  await db.execute(sql`
    insert into checkout_sessions (id, provider, status, bag_id, shipping, lines, promotion_code, subtotal_cents,
      discount_cents, referral_discount_cents, referral_code, shipping_cents, total_cents)
    values (${`cs_${id}`}, 'test', 'complete', ${`bag-${id}`}, ${JSON.stringify(shipping)}::jsonb, '[]'::jsonb, null,
      ${subtotalCents}, ${discountCents}, 0, null, ${order.shippingCents}, ${priceCents})`);
  await db.execute(sql`
    insert into orders (id, order_id, invoice_id, idempotency_key, checkout_session_id, customer_id, member_id,
      status, email, mobile, env, subtotal_cents, discount_cents, referral_discount_cents, shipping_cents,
      price_cents, promotion_code, paid_at, delivery_start, delivery_end)
    values (${id}, ${`ord_${id}`}, ${invoiceOf(order.key)}, ${`checkout:cs_${id}`}, ${`cs_${id}`}, ${`customer-${id}`},
      ${order.memberId ?? null}, ${order.status}, ${email}, ${contact.mobile}, 'test', ${subtotalCents}, ${discountCents},
      ${order.referralDiscountCents ?? 0}, ${order.shippingCents}, ${priceCents}, ${order.promotionCode ?? null},
      ${at(order.day)}, '2026-03-10', '2026-03-12')`);
  await db.insert(orderLines).values(
    order.lines.map((line, position) => ({
      ...line,
      orderId: id,
      position,
      lineTotalCents: line.quantity * line.unitPriceCents - line.discountCents,
    })),
  );
}

async function insertRefund(
  db: Database,
  key: string,
  refund: { amountCents: number; boxes: { position: number; quantity: number }[]; cancelsOrder: boolean },
): Promise<void> {
  const orderId = idOf(key);
  const id = `refund-${orderId}`;
  await db.insert(refunds).values({
    id,
    orderId,
    amountCents: refund.amountCents,
    reason: refund.cancelsOrder ? "Cancelled before shipping" : "Damaged box",
    source: "staff",
    status: "succeeded",
    cancelsOrder: refund.cancelsOrder,
    restock: refund.cancelsOrder,
    createdAt: at(12),
    completedAt: at(12, 3),
  });
  await db.insert(refundLines).values(refund.boxes.map((box) => ({ refundId: id, orderId, ...box })));
  await db.execute(sql`update orders set refunded_cents = refunded_cents + ${refund.amountCents} where id = ${orderId}`);
}

/** A checkout priced with a code and a friend's discount, not yet paid when the release changes. */
export async function insertOpenCheckoutWithBothDiscounts(db: Database): Promise<string> {
  await db.insert(promotionCodes).values({ code: "SAVE5", kind: "amount", value: 500, startsAt: at(1) });
  const shipping = {
    name: "Tan Mei Ling",
    email: "open@example.com",
    mobile: "+6591234567",
    address: "1 Orchard Road",
    postalCode: "238801",
    newsletter: false,
  };
  await db.execute(sql`
    insert into checkout_sessions (id, provider, status, bag_id, shipping, lines, promotion_code, subtotal_cents,
      discount_cents, referral_discount_cents, referral_code, shipping_cents, total_cents)
    values ('cs_open_both', 'test', 'open', 'bag-open', ${JSON.stringify(shipping)}::jsonb, '[]'::jsonb, 'SAVE5',
      11700, 1620, 1120, 'LIMWEI-7Q2K', 0, 10080)`);
  return "cs_open_both";
}

/** The orders, a referral on the friend's orders, a reward that went out with the member's, and the refunds. */
export async function insertOrdersOfEveryKind(db: Database): Promise<void> {
  // Only the columns of the schema before price adjustments: the migration test inserts these there.
  await db.execute(sql`
    insert into members (id, email, name, membership_start_at) values
      (${MEMBER_ID}, 'reward@example.com', 'Tan Mei Ling', ${at(1).toISOString()}),
      (${REFERRER_ID}, 'referrer@example.com', 'Lim Wei', ${at(1).toISOString()})`);
  for (const order of ORDERS) await insertOrder(db, order);
  for (const key of ["REFERRAL", "BOTH"]) {
    await db.insert(referrals).values({
      id: `referral-${key.toLowerCase()}`,
      referrerMemberId: REFERRER_ID,
      code: "LIMWEI-7Q2K",
      orderId: idOf(key),
      friendEmail: `${key.toLowerCase()}@example.com`,
      friendName: "Tan Mei Ling",
      friendAddress: "1 Orchard Road, #01-01",
      state: "pending",
      discountCents: ORDERS.find((order) => order.key === key)?.referralDiscountCents ?? 0,
      programmeVersion: 1,
      createdAt: at(3),
      updatedAt: at(3),
    });
  }
  await db.insert(pointTransactions).values({
    id: "points-mig-reward",
    memberId: MEMBER_ID,
    email: "reward@example.com",
    activityType: "redeem",
    transactionType: "debit",
    points: 500,
    programmeVersion: 1,
    transactionAt: at(5),
  });
  await db.insert(redeems).values({
    id: "redeem-mig-reward",
    memberId: MEMBER_ID,
    pointTransactionId: "points-mig-reward",
    status: "Ordered",
    rewardId: "reward-free-box",
    pointsEach: 500,
    optionId: joffee.optionId,
    quantity: 1,
    orderId: idOf("REWARD"),
    orderedAs: { rewardName: "Free box", productName: "Joffee", flavourName: "Yuzu", optionName: "1 Box" },
    createdAt: at(5),
  });
  await insertRefund(db, "REFUNDED", { amountCents: 3705, boxes: [{ position: 0, quantity: 1 }], cancelsOrder: false });
  await insertRefund(db, "CANCELLED", { amountCents: 4000, boxes: [{ position: 0, quantity: 1 }], cancelsOrder: true });
}

/** What an order's discounts from one source took off, as its rows say. */
export async function discountFrom(db: Database, orderId: string, source: AdjustmentSource): Promise<number> {
  const rows = await db
    .select({ cents: priceAdjustments.cents })
    .from(priceAdjustments)
    .where(and(eq(priceAdjustments.orderId, orderId), eq(priceAdjustments.source, source)));
  return rows.reduce((sum, row) => sum + row.cents, 0);
}
