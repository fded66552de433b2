import { describe, expect, it } from "vitest";
import { auditSidesOf, diffRules } from "../../domain/loyalty/programme/programme-diff.ts";
import { V1_RULES } from "../setup/programme-fixtures.ts";

describe("the readable diff between two programme versions", () => {
  it("is empty for the same rules", () => {
    expect(diffRules(V1_RULES, V1_RULES)).toEqual([]);
  });

  it("words each changed setting and action, new and removed actions included", () => {
    const after = {
      ...V1_RULES,
      earning: { ...V1_RULES.earning, rounding: "cents" as const, includesShipping: true },
      gold: { ...V1_RULES.gold, thresholdCents: 25_000, qualifyingWindowMonths: 12, multiplier: 2 },
      tierPolicy: "rejudge" as const,
      actions: [
        ...V1_RULES.actions
          .filter((action) => action.id !== "tag-social")
          .map((action) => (action.id === "follow-ig" ? { ...action, points: 80, disabled: true } : action)),
        { ...V1_RULES.actions[1], id: "newsletter", title: "Join our newsletter", points: 30 },
      ],
    };
    expect(diffRules(V1_RULES, after as typeof V1_RULES).map((change) => change.text)).toEqual([
      "Points are worked out on: whole S$1 only → the exact amount",
      "Shipping counts as spend: no → yes",
      "Gold threshold: S$300.00 → S$250.00",
      "Spend counts towards gold: since joining → within 12 months",
      "Gold multiplier: 1.5× → 2×",
      "Tiers on publishing: members keep their tier until their gold year ends → every member is judged again when it takes effect",
      "Action 'Follow us on Instagram' points: 50 → 80",
      "Action 'Follow us on Instagram' state: open → coming soon",
      "New action 'Join our newsletter' (newsletter, 30 points, click)",
      "Removed action 'Tag us on social media' (tag-social)",
    ]);
  });

  it("words the expiry policy and its warnings", () => {
    const after = { ...V1_RULES, expiry: { months: 12, warningDays: [14] } };
    expect(diffRules(V1_RULES, after).map((change) => change.text)).toEqual([
      "Points expire: never → after 12 months without earning or redeeming",
      "Expiry warnings: 30 and 3 days before → 14 days before",
    ]);
  });

  it("gives the audit log each changed thing's value before and after", () => {
    const after = { ...V1_RULES, redeemHoldDays: 14 };
    expect(auditSidesOf(diffRules(V1_RULES, after))).toEqual({
      before: { "Reward hold": "7 days" },
      after: { "Reward hold": "14 days" },
    });
  });
});
