import type { orders } from "../../../db/schema/orders.ts";
import type { ProgrammeRules } from "../programme/programme-rules.ts";

type OrderAmounts = Pick<typeof orders.$inferSelect, "subtotalCents" | "discountCents" | "shippingCents">;

/** What an order counts as spend, and earns points on, as the rules say what qualifies (goods after discounts, shipping excluded in version 1). */
export function orderSpendCents(order: OrderAmounts, rules: ProgrammeRules): number {
  const { afterDiscounts, includesShipping } = rules.earning;
  const goods = order.subtotalCents - (afterDiscounts ? order.discountCents : 0);
  return Math.max(0, goods + (includesShipping ? order.shippingCents : 0));
}

/**
 * A green member's points per S$1 of spend (on whole S$1 or the exact amount, as the rules round), and a
 * gold member's the gold multiple of that; each rounded down.
 */
export function orderPoints(rules: ProgrammeRules, spendCents: number, membershipStatus: "green" | "gold"): number {
  const spend = Math.max(0, spendCents);
  const dollars = rules.earning.rounding === "whole-dollars" ? Math.floor(spend / 100) : spend / 100;
  const base = dollars * rules.earning.pointsPerDollar;
  return Math.floor(membershipStatus === "gold" ? base * rules.gold.multiplier : base);
}

export const orderEntryKey = (orderId: string) => `order:${orderId}`;

/** Whether a subscription's nth renewal (1 for the first) brings the renewal bonus: the first and every Nth. */
export const isBonusRenewal = (rules: ProgrammeRules, renewalNumber: number) =>
  renewalNumber === 1 || renewalNumber % rules.subscriptions.bonusEveryRenewals === 0;

/**
 * What a subscription's nth renewal earns beyond the order's own points: the extra of the renewal
 * multiplier on them (rounded down), and the bonus when it is a bonus renewal.
 */
export function renewalEarnings(
  rules: ProgrammeRules,
  orderPointsEarned: number,
  renewalNumber: number,
): { extra: number; bonus: number } {
  const { renewalMultiplier, renewalBonusPoints } = rules.subscriptions;
  return {
    extra: Math.floor(orderPointsEarned * renewalMultiplier) - orderPointsEarned,
    bonus: isBonusRenewal(rules, renewalNumber) ? renewalBonusPoints : 0,
  };
}
