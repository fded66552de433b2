import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { CheckoutLine, ShippingDetails } from "../../db/schema/checkout.ts";
import type { DeliveryChoice } from "../../db/schema/delivery.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { priceAdjustments } from "../../db/schema/price-adjustments.ts";
import { fromCents } from "../../kernel/money.ts";
import { generateOrderCode } from "../../kernel/order-code.ts";
import type { PaidWith } from "../../kernel/payment-methods.ts";
import { STANDARD_DELIVERY_ID } from "../delivery/delivery-option.ts";
import { optionForBag, readDeliveryOptions } from "../delivery/delivery-options.ts";
import { promiseDelivery } from "../delivery/delivery-promise.ts";
import { recordShopEvent } from "../events/record-shop-event.ts";
import { creditPaidOrderToMember } from "../loyalty/order-points/order-points.ts";
import type { RenewalOf } from "../loyalty/order-points/renewal-points.ts";
import { attachPendingRedeems } from "../loyalty/rewards/redeems/attach-pending-redeems.ts";
import { recordReferral } from "../referrals/record-referral.ts";
import type { OperationContext } from "../shared/context.ts";
import { takeCheckoutStock } from "../stock/checkout-stock.ts";
import { customerForOrder } from "./customer-record.ts";
import { queueOrderEmail } from "./order-email.ts";
import { type PriceAdjustment, promotionCodeOf } from "./price-adjustment.ts";

/** Who the order is for: the delivery details, the member when one is signed in, the device the purchase came from. */
export type OrderCustomer = { details: ShippingDetails; memberId: string | null; deviceId: string | null };

/**
 * The payment the order was placed on: the checkout session it was priced under (its held stock goes
 * with the order), the provider's payment when the shop charged a kept card itself (a renewal; what a
 * refund of it names), and what it took.
 */
export type PaymentReference = {
  sessionId: string;
  paymentIntentId: string | null;
  amountCents: number;
  providerCustomerId: string | null;
  cardFingerprint: string | null;
  /** How it was paid: PayNow, GrabPay, or a card (its brand, last four digits and wallet). */
  paidWith: PaidWith;
};

export type PlaceOrderInput = {
  /** The same key twice places one order: the second call answers the first call's order and changes nothing. */
  idempotencyKey: string;
  /** Priced lines, each with its share of the adjustments in its discountCents. */
  lines: CheckoutLine[];
  /** The discounts on the order, in the order its documents show them. */
  adjustments: PriceAdjustment[];
  shippingCents: number;
  /** The delivery the shopper was shown at checkout; none (a renewal): standard, promised from the moment of the order. */
  delivery: DeliveryChoice | null;
  customer: OrderCustomer;
  payment: PaymentReference;
  /** The subscription renewal the order is (its points follow the programme's subscription rules); none for a checkout. */
  renewal?: RenewalOf;
  at: Date;
  /** Makes invoice ids (tests give their own to force a repeat). */
  orderCode?: (at: Date) => string;
};

export type PlacedOrder = { orderId: string; invoiceId: string; created: boolean };

type PlacingContext = Pick<OperationContext, "jobs" | "settings" | "now">;

/** Namespaces the advisory locks taken per idempotency key. */
const ORDER_KEY_LOCK_SEED = 724_611_011;

/** New invoice ids tried before placing gives up (and the caller is retried): 5 random characters make a repeat rare. */
const INVOICE_ID_ATTEMPTS = 5;

/** The order placed under this key, if any. */
export async function orderPlacedUnder(tx: Tx, idempotencyKey: string): Promise<PlacedOrder | null> {
  const [row] = await tx
    .select({ orderId: orders.id, invoiceId: orders.invoiceId })
    .from(orders)
    .where(eq(orders.idempotencyKey, idempotencyKey));
  return row ? { ...row, created: false } : null;
}

/** Inserts the order under a new invoice id, taking another one when a code is already in use. */
async function insertOrder(
  tx: Tx,
  order: Omit<typeof orders.$inferInsert, "invoiceId">,
  newInvoiceId: () => string,
): Promise<string> {
  for (let attempt = 0; attempt < INVOICE_ID_ATTEMPTS; attempt++) {
    const invoiceId = newInvoiceId();
    const inserted = await tx
      .insert(orders)
      .values({ ...order, invoiceId })
      .onConflictDoNothing({ target: orders.invoiceId })
      .returning({ invoiceId: orders.invoiceId });
    if (inserted.length > 0) return invoiceId;
  }
  throw new Error(`No free invoice id after ${INVOICE_ID_ATTEMPTS} attempts`);
}

/** Standard delivery (or the option on offer in its place) as promised at `at`; its charge is the caller's. */
async function standardDelivery(tx: Tx, at: Date): Promise<Omit<DeliveryChoice, "priceCents">> {
  const option = optionForBag(await readDeliveryOptions(tx), STANDARD_DELIVERY_ID);
  const { start, end } = promiseDelivery(option, at);
  return { optionId: option.id, name: option.name, start, end };
}

const centsOf = (adjustments: PriceAdjustment[]) => adjustments.reduce((sum, adjustment) => sum + adjustment.cents, 0);

/** The order's money; lines, adjustments and payment that do not add up are a bug, refused. */
function moneyOf(input: PlaceOrderInput) {
  const subtotalCents = input.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const discountCents = centsOf(input.adjustments);
  const priceCents = subtotalCents - discountCents + input.shippingCents;
  const onLines = input.lines.reduce((sum, line) => sum + line.discountCents, 0);
  if (onLines !== discountCents || priceCents !== input.payment.amountCents) {
    throw new Error(
      `Order ${input.idempotencyKey} does not add up: lines take ${onLines} off, adjustments ${discountCents}; priced ${priceCents}, paid ${input.payment.amountCents}`,
    );
  }
  return { subtotalCents, discountCents, shippingCents: input.shippingCents, priceCents };
}

/** The referral a referred friend's discount carries, recorded with the order (decision 045). */
function referralOf(adjustments: PriceAdjustment[]) {
  const referrals = adjustments.filter((adjustment) => adjustment.source === "referral");
  return { referralCode: referrals[0]?.code ?? null, referralDiscountCents: centsOf(referrals) };
}

/**
 * The one place an order is made, in the caller's transaction and exactly once per idempotency key
 * (placings of one key take turns on an advisory lock; a unique index backs it up): the order and its
 * lines and its discounts, the stock its payment's session held taken as sold, the customer record, the referral its
 * adjustments carry, for a member the order linked with its points and campaign bonuses credited under
 * the programme version in force and their Pending rewards attached, then the confirmation email and
 * the `order.paid` event queued. What the purchase came through (a checkout session, a bag) is the caller's.
 */
export async function placeOrder(ctx: PlacingContext, tx: Tx, input: PlaceOrderInput): Promise<PlacedOrder> {
  const { customer, payment, at } = input;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${input.idempotencyKey}, ${ORDER_KEY_LOCK_SEED}))`);
  const placed = await orderPlacedUnder(tx, input.idempotencyKey);
  if (placed) return placed;
  const money = moneyOf(input);
  const id = randomUUID();
  // Stock first: the order every checkout step locks in (the session, its stock, then its promotion code).
  await takeCheckoutStock(ctx, tx, { sessionId: payment.sessionId, orderId: id, at });
  const delivery = input.delivery ?? (await standardDelivery(tx, at));
  const { memberId } = customer;
  const customerId = await customerForOrder(tx, {
    shipping: customer.details,
    memberId,
    stripeCustomerId: payment.providerCustomerId,
    at,
  });
  const order = {
    id,
    orderId: `ord_${randomUUID().replaceAll("-", "")}`,
    idempotencyKey: input.idempotencyKey,
    checkoutSessionId: payment.sessionId,
    customerId,
    status: "paid" as const,
    email: customer.details.email,
    mobile: customer.details.mobile,
    env: ctx.settings.env,
    ...money,
    cardFingerprint: payment.cardFingerprint,
    paymentMethod: payment.paidWith.method,
    cardBrand: payment.paidWith.cardBrand,
    cardLast4: payment.paidWith.cardLast4,
    cardWallet: payment.paidWith.wallet,
    paymentIntentId: payment.paymentIntentId,
    paidAt: at,
    deliveryStart: delivery.start,
    deliveryEnd: delivery.end,
    deliveryOptionId: delivery.optionId,
    deliveryOptionName: delivery.name,
  };
  const orderCode = input.orderCode ?? generateOrderCode;
  const invoiceId = await insertOrder(tx, order, () => orderCode(at));
  await tx.insert(orderLines).values(input.lines.map((line, position) => ({ ...line, orderId: id, position })));
  if (input.adjustments.length > 0) {
    await tx
      .insert(priceAdjustments)
      .values(input.adjustments.map((adjustment, position) => ({ ...adjustment, orderId: id, position })));
  }
  const referral = { ...referralOf(input.adjustments), deviceId: customer.deviceId };
  await recordReferral(tx, { ...order, memberId, shipping: customer.details }, referral, at);
  // A guest has no points and no rewards to go with the order.
  if (memberId) {
    await creditPaidOrderToMember(tx, ctx.jobs, { order: { ...order, invoiceId }, memberId, renewal: input.renewal, at });
    await attachPendingRedeems(tx, { memberId, orderId: id, at });
  }
  await queueOrderEmail(tx, ctx.jobs, id, "order-confirmation");
  await recordShopEvent(tx, ctx.jobs, {
    type: "order.paid",
    key: `order.paid:${id}`,
    data: {
      orderId: id,
      invoiceId,
      memberId,
      subtotalCents: money.subtotalCents,
      subtotal: fromCents(money.subtotalCents),
      discountCents: money.discountCents,
      discount: fromCents(money.discountCents),
      shippingCents: money.shippingCents,
      shipping: fromCents(money.shippingCents),
      totalCents: money.priceCents,
      total: fromCents(money.priceCents),
      promotionCode: promotionCodeOf(input.adjustments),
      paidAt: at.toISOString(),
    },
    at,
  });
  return { orderId: id, invoiceId, created: true };
}
