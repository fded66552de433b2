import { describe, expect, it } from "vitest";
import { AREA_LEVELS, findWrongWayAreaImports } from "../../scripts/boundaries/areas.ts";
import { plantedTrees } from "../setup/planted-tree.ts";

const LEVELS = [["shared"], ["catalog", "identity"], ["loyalty/points", "loyalty/tiers"], ["orders"]];
const rule = (from: string, to: string, way: string) => `rule: domain/${from}/ imports only areas below it; ${to} is ${way}`;

describe("domain area order", () => {
  const tree = plantedTrees();

  it("refuses an import up the order, type imports included, naming the file, the import and the rule", () => {
    const root = tree({
      "domain/shared/context.ts": 'import type { CatalogReader } from "../catalog/catalog-reader.ts";',
      "domain/catalog/lookup.ts": 'import { describeLine } from "../orders/line-description.ts";',
      "domain/loyalty/points/ledger.ts": 'const order = await import("../../orders/order-code.ts");',
    });
    expect(findWrongWayAreaImports(root, LEVELS)).toEqual([
      `domain/catalog/lookup.ts imports ../orders/line-description.ts (${rule("catalog", "orders", "above it")})`,
      `domain/loyalty/points/ledger.ts imports ../../orders/order-code.ts (${rule("loyalty/points", "orders", "above it")})`,
      `domain/shared/context.ts imports ../catalog/catalog-reader.ts (${rule("shared", "catalog", "above it")})`,
    ]);
  });

  it("refuses an import between two areas on one level, nested areas told apart", () => {
    const root = tree({
      "domain/identity/finish-login.ts": 'import { product } from "../catalog/find-product.ts";',
      "domain/loyalty/tiers/judge.ts": 'import { balance } from "../points/ledger.ts";',
    });
    expect(findWrongWayAreaImports(root, LEVELS)).toEqual([
      `domain/identity/finish-login.ts imports ../catalog/find-product.ts (${rule("identity", "catalog", "beside it on its level")})`,
      `domain/loyalty/tiers/judge.ts imports ../points/ledger.ts (${rule("loyalty/tiers", "loyalty/points", "beside it on its level")})`,
    ]);
  });

  it("accepts imports down the order, inside an area, and out of domain/", () => {
    const root = tree({
      "domain/orders/place-order.ts": [
        'import { credit } from "../loyalty/points/ledger.ts";',
        'import type { Session } from "../identity/session.ts";',
        'import { input } from "../shared/input.ts";',
        'import { code } from "./order-code.ts";',
        'import { db } from "../../db/client.ts";',
        'import { z } from "zod";',
      ].join("\n"),
      "domain/loyalty/tiers/judge.ts": 'import { context } from "../../shared/context.ts";',
    });
    expect(findWrongWayAreaImports(root, LEVELS)).toEqual([]);
  });

  it("refuses a domain/ file outside every declared area", () => {
    const root = tree({ "domain/loyalty/programme.ts": "", "domain/reports/sales.ts": "" });
    expect(findWrongWayAreaImports(root, LEVELS)).toEqual([
      "domain/loyalty/programme.ts is in no area (rule: every domain/ file lives in an area of the declared order)",
      "domain/reports/sales.ts is in no area (rule: every domain/ file lives in an area of the declared order)",
    ]);
  });

  it("declares each area once", () => {
    const areas = AREA_LEVELS.flat();
    expect(new Set(areas).size).toBe(areas.length);
  });
});
