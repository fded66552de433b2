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
    for (const dir of ["app", "domain", "db"]) mkdirSync(path.join(root, dir), { recursive: true });
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
  }

  it("reports app/ importing db/ and domain/ importing app/ or server/", () => {
    tree({
      "app/routes/x.tsx": 'import { db } from "../../db/client.ts";',
      "domain/a.ts": 'import type { X } from "../server/env.ts";\nconst y = await import("../app/root.tsx");',
    });
    expect(findViolations(root)).toEqual([
      "app/routes/x.tsx imports ../../db/client.ts (app/ must not import db/)",
      "domain/a.ts imports ../server/env.ts (domain/ must not import server/)",
      "domain/a.ts imports ../app/root.tsx (domain/ must not import app/)",
    ]);
  });

  it("accepts the allowed directions", () => {
    tree({ "app/x.ts": 'import { a } from "../domain/a.ts";', "domain/a.ts": 'import { b } from "../db/client.ts";' });
    expect(findViolations(root)).toEqual([]);
  });

  it("holds for this repository", () => {
    root = mkdtempSync(path.join(tmpdir(), "layers-"));
    expect(findViolations(path.resolve(import.meta.dirname, "../.."))).toEqual([]);
  });
});
