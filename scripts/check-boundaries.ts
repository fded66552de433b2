/**
 * Fails when a layer imports one it must not (DESIGN.md §2): requests flow one way, from the
 * adapters (pages in app/, GraphQL resolvers in server/graphql/, HTTP routes in server/http/) to the
 * operations in domain/, and only domain/ reaches the database. Adapters call operations by their one
 * name: no forwarding module (domain/shop.ts, *-use-cases.ts) may stand between them. Run by CI
 * through `npm run check:boundaries`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const ADAPTERS = ["app", "server/graphql", "server/http"];

type Rule = { from: string; to: RegExp; why: string };

const RULES: Rule[] = [
  ...ADAPTERS.map((from) => ({ from, to: /^db(\/|$)/, why: "adapters reach the database only through operations" })),
  ...ADAPTERS.map((from) => ({
    from,
    to: /^domain\/(shop\.ts|.*-use-cases\.ts)$/,
    why: "adapters import operation modules, not a forwarding layer",
  })),
  { from: "domain", to: /^(app|server)(\/|$)/, why: "domain/ never imports app/ or server/" },
  { from: "db", to: /^(app|server)(\/|$)/, why: "db/ never imports app/ or server/" },
];

const IMPORT = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith("+") ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

export function findViolations(root: string): string[] {
  const violations: string[] = [];
  for (const rule of RULES) {
    for (const file of sourceFiles(path.join(root, rule.from))) {
      for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? match[3] ?? "";
        if (!specifier.startsWith(".")) continue;
        const target = path
          .relative(root, path.resolve(path.dirname(file), specifier))
          .split(path.sep)
          .join("/");
        if (rule.to.test(target)) violations.push(`${path.relative(root, file)} imports ${specifier} (${rule.why})`);
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
  console.log("Layer boundaries hold: adapters call operations, only domain/ reaches db/, nothing forwards.");
}
