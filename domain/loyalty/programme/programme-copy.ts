import { formatMoney } from "../../../kernel/money.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import type { ProgrammeTerms } from "./programme.ts";
import type { SubscriptionRule } from "./programme-rules.ts";

/**
 * How pages and messages word the programme's rules for members. Every number comes from the terms
 * of the version in force, so the copy cannot drift from the rules.
 */

const plural = (count: number, unit: string) => `${formatNumber(count)} ${unit}${count === 1 ? "" : "s"}`;
const times = (multiplier: number) => `${formatNumber(multiplier)} times`;

/** "1 point", "1,250 points". */
export const formatPoints = (count: number) => plural(count, "point");

/** "1 point for every whole S$1", "1.5 points for every S$1" (worked out to the cent). */
export function pointsRateText(terms: ProgrammeTerms): string {
  return `${plural(terms.orderPointsPerDollar, "point")} for every ${terms.wholeDollars ? "whole " : ""}S$1`;
}

/** What counts as spend: "goods paid after promotion codes, excluding delivery". */
export function qualifyingSpendText(terms: ProgrammeTerms): string {
  const discounts = terms.spendAfterDiscounts ? "after promotion codes" : "before promotion codes";
  return `goods paid ${discounts}, ${terms.shippingCounts ? "including" : "excluding"} delivery`;
}

/** Since when spend counts towards gold. */
export function goldSpendWindowText(terms: ProgrammeTerms): string {
  const since = "when your membership began (or when your last gold year ended)";
  return terms.goldWindowMonths
    ? `counted over the last ${plural(terms.goldWindowMonths, "month")}, from no earlier than ${since}`
    : `counted from ${since}`;
}

/** " within 12 months" when spend towards gold only counts for a time, "" when it counts since joining. */
export const goldWithinText = (terms: ProgrammeTerms) =>
  terms.goldWindowMonths ? ` within ${plural(terms.goldWindowMonths, "month")}` : "";

/** The gold rule in a sentence, for visitors deciding whether to join. */
export function goldRuleText(terms: ProgrammeTerms): string {
  const threshold = formatMoney(terms.goldThresholdCents);
  return (
    `Every member starts green. Once you have spent ${threshold} with us${goldWithinText(terms)}, you go gold and earn ` +
    `${times(terms.goldPointsMultiplier)} the points for ${plural(terms.goldLengthMonths, "month")}, ` +
    `renewed whenever you spend ${threshold} in that time.`
  );
}

/**
 * When a referrer's points come (decision 045): the one sentence the earn page and the member's
 * referral link both say it with.
 */
export function referralRewardText(points: number, refundWindowDays: number): string {
  return (
    `You earn ${formatPoints(points)} for each friend's first order through your link, once it is delivered ` +
    `and its ${formatNumber(refundWindowDays)}-day refund window has passed.`
  );
}

/** What an order earns, for visitors deciding whether to join. */
export function orderPointsText(terms: ProgrammeTerms): string {
  return `Earn ${plural(terms.orderPointsPerDollar, "point")} for every S$1 you spend`;
}

/** A green member's way to gold. */
export function goldPromotionText(terms: ProgrammeTerms): string {
  return (
    `Spend ${formatMoney(terms.goldThresholdCents)}${goldWithinText(terms)} to become a gold member and earn ` +
    `${times(terms.goldPointsMultiplier)} the points for ${plural(terms.goldLengthMonths, "month")}.`
  );
}

/** A gold member's way to keep gold; `renewBy` is the end of the gold year as shown. */
export function goldRenewalText(renewBy: string, terms: ProgrammeTerms): string {
  return (
    `Spend ${formatMoney(terms.goldThresholdCents)} in your gold year, which ends on ${renewBy}, ` +
    `to stay gold for another ${plural(terms.goldLengthMonths, "month")}.`
  );
}

/** What gold gives, for a member who has just reached it. */
export function goldBenefitText(terms: ProgrammeTerms): string {
  return `You now earn ${times(terms.goldPointsMultiplier)} the points on every order, for ${plural(terms.goldLengthMonths, "month")}.`;
}

/** A gold member whose spend in the gold year already keeps gold. */
export function goldKeptText(terms: ProgrammeTerms): string {
  return (
    `You have already spent ${formatMoney(terms.goldThresholdCents)} in this gold year, ` +
    `so you stay gold for another ${plural(terms.goldLengthMonths, "month")}.`
  );
}

/** What happens to a reward taken with points. */
export function rewardHoldText(terms: ProgrammeTerms): string {
  return (
    "Rewards ship with your next paid order and add nothing to its shipping. " +
    `If none is placed within ${plural(terms.redeemHoldDays, "day")}, the points come back.`
  );
}

/** Which past orders earn points when claimed. */
export function claimWindowText(terms: ProgrammeTerms): string {
  return (
    `Orders from ${plural(terms.claimWindowDays, "day")} before you joined onwards earn points; ` +
    "older ones count towards your spend."
  );
}

/** Why a claimed old order brought no points. */
export function oldOrderText(terms: ProgrammeTerms): string {
  return `It was placed more than ${plural(terms.claimWindowDays, "day")} before you joined, so it doesn't earn points.`;
}

/** The extra a renewal's multiplier brings, as the order's points email and history name it. */
export const renewalExtraName = (multiplier: number) => `Subscription renewal, ${formatNumber(multiplier)}× points`;

/** The bonus of a subscription's nth renewal, likewise. */
export const renewalBonusName = (renewalNumber: number) => `Subscription renewal no. ${formatNumber(renewalNumber)}`;

/** Which renewals bring the bonus: "every renewal", "your first renewal and every 6th". */
export const bonusRenewalsText = (every: number) =>
  every === 1 ? "every renewal" : `your first renewal and every ${ordinal(every)}`;

/**
 * What a subscription's renewals earn, for members reading the rules; null when they earn as any
 * order does.
 */
export function renewalEarningsText(rules: SubscriptionRule): string | null {
  const { renewalMultiplier, renewalBonusPoints, bonusEveryRenewals } = rules;
  const parts: string[] = [];
  if (renewalMultiplier > 1) parts.push(`earn ${times(renewalMultiplier)} the points of the order`);
  if (renewalBonusPoints > 0) {
    parts.push(`bring ${formatPoints(renewalBonusPoints)} more on ${bonusRenewalsText(bonusEveryRenewals)}`);
  }
  if (parts.length === 0) return null;
  return `Subscription renewals count towards gold like any order, and ${parts.join(" and ")}.`;
}

/** "2nd", "3rd", "6th", "11th", "22nd". */
export function ordinal(count: number): string {
  const tens = count % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[count % 10] ?? "th");
  return `${formatNumber(count)}${suffix}`;
}
