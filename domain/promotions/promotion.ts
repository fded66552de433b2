import { AppError } from "../../kernel/app-error.ts";
import { formatMoney } from "../../kernel/money.ts";
import { splitInProportion } from "../../kernel/split-cents.ts";

export type Promotion = {
  code: string;
  kind: "percent" | "amount";
  value: number;
  startsAt: Date;
  endsAt: Date | null;
  usageLimit: number | null;
  timesUsed: number;
  active: boolean;
  minSpendCents: number | null;
  perCustomerLimit: number | null;
  /** Products this code takes nothing off, besides those excluded from every campaign. */
  excludedProductIds: string[];
};

/** The most a percentage code can take off. */
export const MAX_PERCENT_OFF = 100;

export type DiscountableLine = { lineTotalCents: number; excluded: boolean };

export function normalizePromotionCode(input: string): string {
  return input.trim().toUpperCase();
}

/** Refuses a code that is not usable now on goods of this value, with the reason a shopper can act on. */
export function assertPromotionUsable(promotion: Promotion | undefined, now: Date, goodsCents: number): Promotion {
  if (!promotion) throw new AppError("BAD_USER_INPUT", "That promotion code doesn't exist.");
  if (!promotion.active) throw new AppError("BAD_USER_INPUT", "That promotion code is no longer available.");
  if (promotion.startsAt > now) throw new AppError("BAD_USER_INPUT", "That promotion code isn't active yet.");
  if (promotion.endsAt && promotion.endsAt <= now) throw new AppError("BAD_USER_INPUT", "That promotion code has expired.");
  if (promotion.usageLimit !== null && promotion.timesUsed >= promotion.usageLimit) {
    throw new AppError("BAD_USER_INPUT", "That promotion code has been fully used.");
  }
  if (promotion.minSpendCents !== null && goodsCents < promotion.minSpendCents) {
    throw new AppError("BAD_USER_INPUT", `Spend at least ${formatMoney(promotion.minSpendCents)} to use this code.`);
  }
  return promotion;
}

/** A product the code takes nothing off: one excluded from every campaign, or one the code names. */
export function excludedFrom(
  promotion: Pick<Promotion, "excludedProductIds">,
  product: { id: string; campaignDiscountExclusion: boolean },
): boolean {
  return product.campaignDiscountExclusion || promotion.excludedProductIds.includes(product.id);
}

/**
 * The discount of each line: excluded lines (excludedFrom) get none; the total is
 * spread over eligible lines in proportion, remainders to the largest lines, so it adds up exactly.
 */
export function discountPerLine(promotion: Pick<Promotion, "kind" | "value">, lines: DiscountableLine[]): number[] {
  const eligible = lines.reduce((sum, line) => sum + (line.excluded ? 0 : line.lineTotalCents), 0);
  if (eligible === 0) throw new AppError("BAD_USER_INPUT", "That promotion code doesn't apply to anything in your bag.");
  const total =
    promotion.kind === "percent" ? Math.round((eligible * promotion.value) / 100) : Math.min(promotion.value, eligible);
  return splitInProportion(
    total,
    lines.map((line) => (line.excluded ? 0 : line.lineTotalCents)),
  );
}
