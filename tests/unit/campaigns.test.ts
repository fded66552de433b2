import { describe, expect, it } from "vitest";
import {
  type Campaign,
  type CampaignLine,
  campaignBonus,
  campaignStatus,
  runningAt,
} from "../../domain/loyalty/campaigns/campaign.ts";
import { campaignHeadline } from "../../domain/loyalty/campaigns/campaign-copy.ts";
import { orderPoints } from "../../domain/loyalty/points/order-earn.ts";
import { singaporeDateTime, singaporeDateTimeText } from "../../kernel/singapore-time.ts";
import { campaign, V1_RULES } from "../setup/programme-fixtures.ts";

const at = (text: string) => singaporeDateTime(text) as Date;

const line = (seriesCode: string, lineTotalCents: number, discountCents = 0): CampaignLine => ({
  productId: `${seriesCode}8_x`,
  seriesCode,
  lineTotalCents,
  discountCents,
});

/** The bonus for an order of these lines (goods after discounts, no shipping, as version 1 counts). */
function bonusOn(terms: Campaign, lines: CampaignLine[], tier: "green" | "gold" = "green") {
  const orderSpendCents = lines.reduce((sum, each) => sum + each.lineTotalCents, 0);
  return campaignBonus(terms, {
    tier,
    lines,
    orderSpendCents,
    rules: V1_RULES,
    pointsOn: (spend) => orderPoints(V1_RULES, spend, tier),
  });
}

describe("campaign rules", () => {
  it("reads and writes Singapore date-times, refusing ones that do not exist", () => {
    expect(at("2026-11-30T23:59").toISOString()).toBe("2026-11-30T15:59:00.000Z");
    expect(singaporeDateTimeText(new Date("2026-11-30T15:59:30Z"))).toBe("2026-11-30T23:59");
    for (const bad of ["2026-02-30T10:00", "2026-11-30T24:00", "2026-11-30 10:00", "2026-11-30T10:60"]) {
      expect(singaporeDateTime(bad), bad).toBeNull();
    }
  });

  it("runs from its start, included, to its end, not included", () => {
    const luna = campaign();
    expect(campaignStatus(luna, new Date(luna.startsAt.getTime() - 1))).toBe("upcoming");
    expect(campaignStatus(luna, luna.startsAt)).toBe("running");
    expect(campaignStatus(luna, new Date(luna.endsAt.getTime() - 1))).toBe("running");
    expect(campaignStatus(luna, luna.endsAt)).toBe("finished");
    expect(runningAt([luna], luna.endsAt)).toEqual([]);
  });

  it("multiplies only the in-scope lines' points, after their discount, with the gold multiple, rounded down", () => {
    const lines = [line("m", 3_510, 390), line("v", 3_900)];
    // S$39 of Luna less S$3.90 off is S$35.10: 35 points (whole dollars); double adds 35 more.
    expect(bonusOn(campaign(), lines)).toBe(35);
    // Gold: 35 × 1.5 = 52 points (rounded down); double adds 52.
    expect(bonusOn(campaign(), lines, "gold")).toBe(52);
    // 1.15 is held as 1.1499999… by a real column; 15% of 100 points is still 15.
    expect(bonusOn(campaign({ multiplier: Math.fround(1.15) }), [line("m", 10_000)])).toBe(15);
    expect(bonusOn(campaign({ scope: "all", scopeIds: [] }), lines)).toBe(74);
    expect(bonusOn(campaign(), [line("v", 10_000)])).toBe(0);
  });

  it("gives a fixed bonus once per order with an in-scope line, and nothing to a tier it is not for", () => {
    const fixed = campaign({ kind: "fixed", multiplier: null, bonusPoints: 50 });
    expect(bonusOn(fixed, [line("m", 500), line("m", 900), line("v", 100)])).toBe(50);
    expect(bonusOn(fixed, [line("v", 100)])).toBe(0);
    expect(bonusOn(campaign({ audience: "gold" }), [line("m", 10_000)], "green")).toBe(0);
    expect(bonusOn(campaign({ audience: "gold" }), [line("m", 10_000)], "gold")).toBe(150);
  });

  it("says what it gives, on what, for whom and until when", () => {
    expect(campaignHeadline(campaign(), ["Luna"])).toBe("Double points on Luna until Tue, 1 Dec 2026, 12:00 am");
    expect(campaignHeadline(campaign({ multiplier: 1.5, audience: "gold", scope: "all" }), [])).toBe(
      "1.5× points on every order for gold members until Tue, 1 Dec 2026, 12:00 am",
    );
    expect(campaignHeadline(campaign({ kind: "fixed", bonusPoints: 100, scope: "products" }), ["A", "B", "C", "D"])).toBe(
      "100 bonus points on orders with A, B and 2 more products until Tue, 1 Dec 2026, 12:00 am",
    );
  });
});
