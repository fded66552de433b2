import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findViolations } from "../../scripts/check-boundaries.ts";

describe("layer boundary check", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function tree(files: Record<string, string>) {
    root = mkdtempSync(path.join(tmpdir(), "layers-"));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
  }

  it("reports adapters importing db/, domain/ importing app/ or server/", () => {
    tree({
      "app/routes/x.tsx": 'import { db } from "../../db/client.ts";',
      "server/graphql/r.ts": 'import { orders } from "../../db/schema/orders.ts";',
      "domain/a.ts": 'import type { X } from "../server/env.ts";\nconst y = await import("../app/root.tsx");',
    });
    expect(findViolations(root)).toEqual([
      "app/routes/x.tsx imports ../../db/client.ts (adapters reach the database only through operations)",
      "server/graphql/r.ts imports ../../db/schema/orders.ts (adapters reach the database only through operations)",
      "domain/a.ts imports ../server/env.ts (domain/ never imports app/ or server/)",
      "domain/a.ts imports ../app/root.tsx (domain/ never imports app/ or server/)",
    ]);
  });

  it("reports adapters calling a forwarding layer instead of the operation", () => {
    tree({
      "server/http/w.ts": 'import type { Shop } from "../../domain/shop.ts";',
      "app/routes/y.tsx": 'import { pointsUseCases } from "../../domain/loyalty/points-use-cases.ts";',
    });
    expect(findViolations(root)).toEqual([
      "app/routes/y.tsx imports ../../domain/loyalty/points-use-cases.ts (adapters import operation modules, not a forwarding layer)",
      "server/http/w.ts imports ../../domain/shop.ts (adapters import operation modules, not a forwarding layer)",
    ]);
  });

  it("accepts the allowed directions", () => {
    tree({
      "app/x.ts": 'import { a } from "../domain/loyalty/earn-points.ts";',
      "server/graphql/r.ts": 'import { a } from "../../domain/loyalty/earn-points.ts";',
      "server/start.ts": 'import { openDatabase } from "../db/client.ts";',
      "domain/a.ts": 'import { b } from "../db/client.ts";',
    });
    expect(findViolations(root)).toEqual([]);
  });

  it("holds for this repository", () => {
    root = mkdtempSync(path.join(tmpdir(), "layers-"));
    expect(findViolations(path.resolve(import.meta.dirname, "../.."))).toEqual([]);
  });
});
