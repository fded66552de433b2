import type { CheckoutLine } from "../../db/schema/checkout.ts";
import { lineDescription, lineDetail } from "../../kernel/line-description.ts";
import { formatMoney } from "../../kernel/money.ts";
import type { OrderRewardLine } from "../loyalty/rewards/redeems/order-rewards.ts";
import type { OrderView } from "./order-view.ts";
import type { PriceAdjustment } from "./price-adjustment.ts";

/** A paid line at its price: quantity × unit price, before any discount. */
export type MoneyLine = {
  key: string;
  title: string;
  detail: string;
  description: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
};

/**
 * An order's money as every document shows it (pages, email, invoice PDF): the lines at their
 * price, rewards taken with points (S$0.00), then subtotal − discounts + shipping = total, in cents.
 */
export type OrderMoney = {
  lines: MoneyLine[];
  rewards: OrderRewardLine[];
  subtotalCents: number;
  /** Every discount, summed. */
  discountCents: number;
  /** The discounts a document shows, each on its own line: the order's adjustments that took something off. */
  discounts: PriceAdjustment[];
  shippingCents: number;
  totalCents: number;
};

type PricedLine = Pick<
  CheckoutLine,
  "productName" | "flavourName" | "optionName" | "quantity" | "unitPriceCents" | "discountCents"
>;

type PricedOrder = Pick<
  OrderView,
  "invoiceId" | "subtotalCents" | "discountCents" | "shippingCents" | "priceCents" | "adjustments"
> & {
  lines: PricedLine[];
  rewards: OrderRewardLine[];
};

/**
 * "Product × 2 · Flavour · Option", a line with its quantity in one string (emails): the count follows
 * the product, as the bag writes it, so the option's own count ("1 Box") never reads as a second one.
 */
export function quantifiedDescription(line: Pick<MoneyLine, "title" | "detail" | "quantity">): string {
  const product = line.quantity > 1 ? `${line.title} × ${line.quantity}` : line.title;
  return [product, line.detail].filter(Boolean).join(" · ");
}

/** A line's amount at its price, before any discount. */
export function amountAtPrice(line: { quantity: number; unitPriceCents: number }): number {
  return line.quantity * line.unitPriceCents;
}

/**
 * The one place an order's figures are worked out. They are checked against what was charged, so no
 * document ever shows figures that do not add up to it: the lines' discounts and the adjustments
 * each come to the order's discount.
 */
export function orderMoney(order: PricedOrder): OrderMoney {
  const lines = order.lines.map((line, index) => ({
    key: String(index),
    title: line.productName,
    detail: lineDetail(line),
    description: lineDescription(line),
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    amountCents: amountAtPrice(line),
  }));
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const lineDiscounts = order.lines.reduce((sum, line) => sum + line.discountCents, 0);
  const adjusted = order.adjustments.reduce((sum, adjustment) => sum + adjustment.cents, 0);
  const totalCents = subtotalCents - order.discountCents + order.shippingCents;
  const discountsAddUp = lineDiscounts === order.discountCents && adjusted === order.discountCents;
  if (subtotalCents !== order.subtotalCents || !discountsAddUp || totalCents !== order.priceCents) {
    throw new Error(`The figures of order ${order.invoiceId} do not add up to the ${formatMoney(order.priceCents)} charged.`);
  }
  return {
    lines,
    rewards: order.rewards,
    subtotalCents,
    discountCents: order.discountCents,
    discounts: order.adjustments.filter((adjustment) => adjustment.cents > 0),
    shippingCents: order.shippingCents,
    totalCents,
  };
}

/** Shipping as a shopper reads it: "Free" or the fee. */
export function shippingText(shippingCents: number): string {
  return shippingCents === 0 ? "Free" : formatMoney(shippingCents);
}
