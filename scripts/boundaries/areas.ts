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
  ["bag", "catalog/staff"],
  ["promotions"],
  ["loyalty/programme"],
  ["loyalty/points"],
  ["members/joining"],
  ["identity"],
  ["loyalty/tiers"],
  ["loyalty/expiry"],
  ["loyalty/rewards"],
  ["loyalty/campaigns"],
  ["member-emails", "reviews"],
  ["referrals", "loyalty/account", "loyalty/order-points", "newsletter"],
  ["loyalty/upkeep", "loyalty/programme-drafts"],
  ["orders"],
  ["subscriptions"],
  ["checkout"],
  ["dashboard", "shipping", "webhooks", "monitoring", "debug", "outbox", "subscriptions/renewals"],
  ["subscriptions/manage"],
  ["reports", "audit-log"],
];

/** The declared area a domain/ file belongs to (the longest that holds it), or null. */
function areaOf(file: string, areas: readonly string[]): string | null {
  const held = areas.filter((area) => under(file, `domain/${area}`));
  return held.sort((a, b) => b.length - a.length)[0] ?? null;
}

/** Each domain/ import that runs sideways or up the area order, and each file outside every area. */
export function findWrongWayAreaImports(root: string, levels: readonly (readonly string[])[] = AREA_LEVELS): string[] {
  const levelOf = new Map(levels.flatMap((areas, level) => areas.map((area) => [area, level] as const)));
  const areas = [...levelOf.keys()];
  const problems: string[] = [];
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
      const way = levelOf.get(to) === levelOf.get(from) ? "beside it on its level" : "above it";
      problems.push(`${file} imports ${specifier} (rule: domain/${from}/ imports only areas below it; ${to} is ${way})`);
    }
  }
  return problems;
}
