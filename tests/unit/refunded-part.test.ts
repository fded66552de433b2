import { describe, expect, it } from "vitest";
import {
  bonusRefunded,
  creditedPointsRule,
  type RefundedLine,
  refundedSpendCents,
} from "../../domain/loyalty/order-points/refunded-part.ts";
import { campaign, V1_RULES } from "../setup/programme-fixtures.ts";

const line = (seriesCode: string, lineTotalCents: number, refundedShare: number): RefundedLine => ({
  productId: `${seriesCode}8`,
  seriesCode,
  lineTotalCents,
  discountCents: 0,
  refundedShare,
});

/** Luna S$39.00 and Joffee S$12.90, S$4.90 delivery, bought by a gold member: 76 points. */
const EARNED = { points: 76, spentCents: 5_190 };

describe("what a refund takes back of what an order earned", () => {
  it("reads the tier the order was credited at from its entry, and falls back to its own proportion", () => {
    expect(creditedPointsRule(V1_RULES, EARNED).tier).toBe("gold");
    expect(creditedPointsRule(V1_RULES, { points: 51, spentCents: 5_190 }).tier).toBe("green");
    const odd = creditedPointsRule(V1_RULES, { points: 10, spentCents: 5_000 });
    expect(odd.tier).toBeNull();
    expect(odd.pointsOn(2_500)).toBe(5);
  });

  it("counts a refunded line's own value as spend, never the delivery, and an amount's share of everything", () => {
    const lunaBack = { lines: [line("m", 3_900, 1), line("j", 1_290, 0)], amountShare: 0 };
    expect(refundedSpendCents(lunaBack, V1_RULES, 490)).toBe(3_900);
    const half = { lines: [line("m", 3_900, 0.5), line("j", 1_290, 0.5)], amountShare: 0.5 };
    expect(refundedSpendCents(half, V1_RULES, 490)).toBe(2_595);
  });

  it("takes back a multiplier's bonus on the refunded lines only", () => {
    const { tier, pointsOn } = creditedPointsRule(V1_RULES, EARNED);
    const context = (lines: RefundedLine[], refundedSpendCents: number) => ({
      lines,
      rules: V1_RULES,
      tier,
      pointsOn,
      spentCents: EARNED.spentCents,
      refundedSpendCents,
    });
    expect(bonusRefunded(58, campaign(), context([line("m", 3_900, 1), line("j", 1_290, 0)], 3_900))).toBe(58);
    expect(bonusRefunded(58, campaign(), context([line("m", 3_900, 0), line("j", 1_290, 1)], 1_290))).toBe(0);
  });

  it("keeps a fixed bonus while a box in its scope is kept, and takes it back once none is", () => {
    const { tier, pointsOn } = creditedPointsRule(V1_RULES, EARNED);
    const fixed = campaign({ kind: "fixed", multiplier: null, bonusPoints: 30 });
    const context = (lines: RefundedLine[]) => ({
      lines,
      rules: V1_RULES,
      tier,
      pointsOn,
      spentCents: EARNED.spentCents,
      refundedSpendCents: 0,
    });
    expect(bonusRefunded(30, fixed, context([line("m", 7_800, 0.5), line("j", 1_290, 0)]))).toBe(0);
    expect(bonusRefunded(30, fixed, context([line("m", 7_800, 1), line("j", 1_290, 0)]))).toBe(30);
  });

  it("takes back a bonus it cannot work out again in proportion to the spend refunded", () => {
    const { tier, pointsOn } = creditedPointsRule(V1_RULES, EARNED);
    const context = {
      lines: [line("m", 3_900, 1), line("j", 1_290, 0)],
      rules: V1_RULES,
      tier,
      pointsOn,
      spentCents: 5_190,
      refundedSpendCents: 2_595,
    };
    expect(bonusRefunded(40, undefined, context)).toBe(20);
    expect(bonusRefunded(40, campaign(), context)).toBe(20);
  });
});
