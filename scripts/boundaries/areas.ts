/**
 * Inside domain/, areas form a one-way stack (decision 053): each area imports only areas on levels
 * below its own, type imports included, and never one beside it on its level. The levels and the
 * reason for each are in the decision record; every folder of domain/ belongs to one area.
 */
import { importsIn, readSource, sourceFiles, under } from "./source.ts";

/** The areas from the bottom up, a level to a row; an area is a folder under domain/. */
export const AREA_LEVELS: readonly (readonly string[])[] = [
  ["shared"],
  ["audit"],
  ["jobs"],
  ["events"],
  ["alerts", "delivery", "nutrition", "staff"],
  ["catalog"],
  ["members"],
  ["stock"],
  ["bag"],
  ["identity"],
  ["promotions"],
  ["loyalty/programme"],
  ["loyalty/points"],
  ["loyalty/tiers"],
  ["loyalty/expiry"],
  ["loyalty/rewards"],
  ["loyalty/campaigns"],
  ["member-emails", "reviews"],
  ["referrals", "loyalty/account", "loyalty/order-points"],
  ["loyalty/upkeep", "loyalty/programme-drafts"],
  ["orders"],
  ["checkout"],
  ["dashboard", "shipping", "webhooks", "monitoring", "debug", "outbox"],
  ["reports", "audit-log"],
];

/**
 * Today's imports that run the wrong way, each `from → to` as repository paths. The list only
 * shrinks: an entry whose import is gone is reported, so it is taken off with the move that fixed it.
 */
export const WRONG_WAY_ALLOWED: readonly string[] = [
  "domain/catalog/staff/save-flavour.ts → domain/stock/adjust-stock.ts",
  "domain/catalog/staff/save-flavour.ts → domain/stock/open-stock.ts",
  "domain/loyalty/campaigns/bag-campaigns.ts → domain/loyalty/order-points/order-points.ts",
  "domain/loyalty/campaigns/preview-campaign-cost.ts → domain/loyalty/order-points/order-points.ts",
  "domain/members/member-lists.ts → domain/loyalty/points/point-history.ts",
  "domain/members/member-of-identity.ts → domain/loyalty/points/point-ledger.ts",
  "domain/members/member-of-identity.ts → domain/loyalty/programme/earn-actions.ts",
  "domain/members/member-of-identity.ts → domain/loyalty/programme/programme.ts",
  "domain/promotions/apply-promotion.ts → domain/checkout/price-checkout.ts",
  "domain/promotions/promotion-preview.ts → domain/checkout/price-checkout.ts",
  "domain/shared/context.ts → domain/catalog/catalog-reader.ts",
  "domain/shared/context.ts → domain/jobs/job-queue.ts",
];

/** The declared area a domain/ file belongs to (the longest that holds it), or null. */
function areaOf(file: string, areas: readonly string[]): string | null {
  const held = areas.filter((area) => under(file, `domain/${area}`));
  return held.sort((a, b) => b.length - a.length)[0] ?? null;
}

/** Each domain/ import that runs sideways or up the area order, each file outside every area, and each stale allowance. */
export function findWrongWayAreaImports(
  root: string,
  levels: readonly (readonly string[])[] = AREA_LEVELS,
  allowed: readonly string[] = WRONG_WAY_ALLOWED,
): string[] {
  const levelOf = new Map(levels.flatMap((areas, level) => areas.map((area) => [area, level] as const)));
  const areas = [...levelOf.keys()];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const file of sourceFiles(root, "domain")) {
    const from = areaOf(file, areas);
    if (from === null) {
      problems.push(`${file} is in no area (rule: every domain/ file lives in an area of the declared order)`);
      continue;
    }
    for (const { specifier, target } of importsIn(root, file, readSource(root, file))) {
      const to = target === null ? null : areaOf(target, areas);
      if (to === null || to === from) continue;
      const below = (levelOf.get(to) as number) < (levelOf.get(from) as number);
      if (below) continue;
      const pair = `${file} → ${target}`;
      seen.add(pair);
      if (allowed.includes(pair)) continue;
      const way = levelOf.get(to) === levelOf.get(from) ? "beside it on its level" : "above it";
      problems.push(`${file} imports ${specifier} (rule: domain/${from}/ imports only areas below it; ${to} is ${way})`);
    }
  }
  for (const pair of allowed) {
    if (!seen.has(pair)) problems.push(`${pair} is allowed but no longer runs the wrong way (rule: take it off the allow-list)`);
  }
  return problems;
}
