import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GoldProgress } from "../../app/components/gold-progress.tsx";
import { claimSuccessMessage } from "../../app/lib/claim-order.ts";
import type { ProgrammeTerms } from "../../domain/loyalty/programme/programme.ts";
import {
  claimWindowText,
  goldPromotionText,
  goldRenewalText,
  goldRuleText,
  goldSpendWindowText,
  oldOrderText,
  orderPointsText,
  pointsRateText,
  qualifyingSpendText,
  rewardHoldText,
} from "../../domain/loyalty/programme/programme-copy.ts";
import { requirePending } from "../../domain/loyalty/rewards/redeems/redeem-ledger.ts";
import { progressToGold } from "../../domain/loyalty/tiers/tiers.ts";
import { formatMoney } from "../../kernel/money.ts";
import { V1_SCHEDULE, V1_TERMS } from "../setup/programme-fixtures.ts";

const changed: ProgrammeTerms = {
  orderPointsPerDollar: 2,
  wholeDollars: false,
  spendAfterDiscounts: false,
  shippingCounts: true,
  goldThresholdCents: 45_000,
  goldPointsMultiplier: 2,
  goldLengthMonths: 6,
  goldWindowMonths: 9,
  redeemHoldDays: 10,
  claimWindowDays: 14,
};

const allCopy = (terms: ProgrammeTerms) =>
  [
    goldRuleText(terms),
    goldPromotionText(terms),
    goldRenewalText("1 Mar 2027", terms),
    rewardHoldText(terms),
    claimWindowText(terms),
    oldOrderText(terms),
    orderPointsText(terms),
    pointsRateText(terms),
    qualifyingSpendText(terms),
    goldSpendWindowText(terms),
  ].join("\n");

describe("the programme's copy", () => {
  it("states version 1's numbers (SPEC.md §9)", () => {
    const terms = V1_TERMS;
    expect(goldPromotionText(terms)).toContain(`${formatMoney(terms.goldThresholdCents)} to become a gold member`);
    expect(allCopy(terms).split("\n")).toEqual([
      "Every member starts green. Once you have spent S$300.00 with us, you go gold and earn 1.5 times the points for 12 months, renewed whenever you spend S$300.00 in that time.",
      "Spend S$300.00 to become a gold member and earn 1.5 times the points for 12 months.",
      "Spend S$300.00 in your gold year, which ends on 1 Mar 2027, to stay gold for another 12 months.",
      "Rewards ship with your next paid order and add nothing to its shipping. If none is placed within 7 days, the points come back.",
      "Orders from 30 days before you joined onwards earn points; older ones count towards your spend.",
      "It was placed more than 30 days before you joined, so it doesn't earn points.",
      "Earn 1 point for every S$1 you spend",
      "1 point for every whole S$1",
      "goods paid after promotion codes, excluding delivery",
      "counted from when your membership began (or when your last gold year ended)",
    ]);
  });

  it("follows the numbers when they change", () => {
    const copy = allCopy(changed);
    for (const expected of [
      "S$450.00",
      "2 times the points",
      "6 months",
      "within 10 days",
      "within 9 months",
      "14 days before",
      "Earn 2 points for every S$1",
      "2 points for every S$1",
      "goods paid before promotion codes, including delivery",
      "counted over the last 9 months, from no earlier than when your membership began",
    ]) {
      expect(copy).toContain(expected);
    }
    for (const stale of ["S$300", "1.5 times", "12 months", "7 days", "30 days"]) expect(copy).not.toContain(stale);
    expect(rewardHoldText({ ...changed, redeemHoldDays: 1 })).toContain("within 1 day,");
  });

  it("is what the pages and messages show", () => {
    const green = renderToStaticMarkup(
      createElement(GoldProgress, {
        progress: progressToGold({ membershipStatus: "green", goldStartAt: null, windowSpentCents: 0 }, V1_SCHEDULE, new Date()),
      }),
    );
    expect(green).toContain(goldPromotionText(V1_TERMS));
    const claim = { invoiceId: "6A7K2QXB", age: "old" as const, counted: true, pointsCredited: 0, spentCents: 100 };
    expect(claimSuccessMessage(claim, V1_TERMS)).toContain(oldOrderText(V1_TERMS));
    expect(() => requirePending({ status: "Expired" } as Parameters<typeof requirePending>[0])).toThrow(
      "its points were returned",
    );
  });

  it("is not spelled out with numbers anywhere in the pages and components", () => {
    const appDir = path.join(import.meta.dirname, "../../app");
    const sources = readdirSync(appDir, { recursive: true, encoding: "utf8" }).filter((file) => /\.tsx?$/.test(file));
    const spelled = /\b\d+(\.\d+)? (days?|months?|times)\b|S\$\d{3}\b/;
    const offenders = sources.filter((file) => spelled.test(readFileSync(path.join(appDir, file), "utf8")));
    expect(offenders).toEqual([]);
  });
});
