/**
 * Fails when a layer imports one it must not: app/ never reaches db/, domain/ never reaches app/ or
 * server/ (DESIGN.md §2). Run by CI through `npm run check:boundaries`.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const FORBIDDEN: Record<string, string[]> = {
  app: ["db"],
  domain: ["app", "server"],
  db: ["app", "server"],
};
const IMPORT = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith("+") ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

export function findViolations(root: string): string[] {
  const violations: string[] = [];
  for (const [layer, forbidden] of Object.entries(FORBIDDEN)) {
    for (const file of sourceFiles(path.join(root, layer))) {
      for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? match[3] ?? "";
        if (!specifier.startsWith(".")) continue;
        const target = path.relative(root, path.resolve(path.dirname(file), specifier)).split(path.sep)[0] ?? "";
        if (forbidden.includes(target)) {
          violations.push(`${path.relative(root, file)} imports ${specifier} (${layer}/ must not import ${target}/)`);
        }
      }
    }
  }
  return violations;
}

if (import.meta.main) {
  const violations = findViolations(ROOT);
  if (violations.length > 0) {
    console.error(`Layer boundary violations:\n${violations.map((line) => `  ${line}`).join("\n")}`);
    process.exit(1);
  }
  console.log("Layer boundaries hold: app/ does not import db/, domain/ does not import app/ or server/.");
}
