/**
 * The house rules, held by CI through `npm run check:boundaries`. Imports follow the layer matrix and
 * close no cycle (decision 034): requests flow one way, server/ → app/ → domain/ → integrations/ → db/,
 * each importing only layers below it, and kernel/ (pure values every layer needs) at the bottom
 * imports nothing of the shop; scripts/, tests/ and bench/ stand outside the matrix. Beside it
 * (decision 052, in scripts/boundaries/): files keep their line budgets, the listed constants are
 * declared once, and no server-only module reaches browser code; and inside domain/ each area
 * imports only areas below it in one declared order (decision 053).
 */
import path from "node:path";
import { findWrongWayAreaImports } from "./boundaries/areas.ts";
import { findServerModulesInBrowser } from "./boundaries/browser-graph.ts";
import { findRedefinedConstants } from "./boundaries/constants.ts";
import { findSecondFormReaders } from "./boundaries/form-reading.ts";
import { findOverlongFiles } from "./boundaries/line-budgets.ts";
import { type Import, importsIn, readSource, sourceFiles, under } from "./boundaries/source.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The layers from the top down, each a top-level folder, with the layers its files may import. */
export const LAYERS: Record<string, readonly string[]> = {
  server: ["app", "domain", "integrations", "db", "kernel"],
  app: ["domain", "integrations", "kernel", "content"],
  domain: ["integrations", "db", "kernel"],
  integrations: ["kernel"],
  db: ["kernel"],
  kernel: [],
  // The company, legal and help pages and the shop's contact details: data the pages read.
  content: [],
};

/** Pages, GraphQL resolvers and HTTP routes: they parse a request, call one operation and shape the reply. */
const ADAPTERS = ["app", "server/graphql", "server/http"];

/** The integration modules that define a port: its type and the errors that are part of it. */
export const PORTS = ["integrations/identity/identity-client.ts", "integrations/payments/payment-provider.ts"];

type RelativeImport = Import & { target: string };

type Rule = { from: readonly string[]; to: RegExp; unless?: (imported: RelativeImport) => boolean; rule: string };

/** Imports the matrix allows but that are refused all the same. */
const NARROWER: Rule[] = [
  {
    from: ADAPTERS,
    to: /^db\//,
    rule: "adapters (app/, server/graphql/, server/http/) never import db/: they reach the database through operations",
  },
  {
    from: ADAPTERS,
    to: /^domain\/(shop\.ts|.*-use-cases\.ts)$/,
    rule: "adapters import operation modules, not a forwarding layer",
  },
  {
    from: [...ADAPTERS, "domain"],
    to: /^integrations\//,
    unless: (imported) => imported.typeOnly || PORTS.includes(imported.target),
    rule: `adapters and domain/ take from integrations/ only types (import type) and the ports (${PORTS.join(", ")})`,
  },
];

/** Imports the matrix refuses but that are allowed where named. */
const WIDER: Rule[] = [
  {
    from: [
      "integrations/identity/embedded-provider",
      "integrations/payments/test-provider.ts",
      "integrations/payments/test-payment-methods.ts",
    ],
    to: /^db\//,
    rule: "the embedded identity provider and the test payment provider keep their records in the shop's database",
  },
];

function layerOf(file: string): string | undefined {
  const top = file.split("/")[0] ?? "";
  return Object.hasOwn(LAYERS, top) ? top : undefined;
}

/** Every relative import of every file in the layers, with the repository path it names. */
function importsOf(root: string): RelativeImport[] {
  return Object.keys(LAYERS).flatMap((layer) =>
    sourceFiles(root, layer).flatMap((file) =>
      importsIn(root, file, readSource(root, file)).filter((imported): imported is RelativeImport => imported.target !== null),
    ),
  );
}

function applies(rule: Rule, imported: RelativeImport): boolean {
  return rule.from.some((place) => under(imported.file, place)) && rule.to.test(imported.target) && !rule.unless?.(imported);
}

/** The rule an import breaks, or null when it keeps them all. */
function brokenRule(imported: RelativeImport): string | null {
  const from = layerOf(imported.file) ?? "";
  const to = layerOf(imported.target);
  if (to === undefined) return "the layers import nothing outside them (scripts/, tests/ and bench/ stand outside the matrix)";
  const may = LAYERS[from] ?? [];
  if (to !== from && !may.includes(to) && !WIDER.some((rule) => applies(rule, imported))) {
    return may.length > 0
      ? `${from}/ may import only ${may.map((layer) => `${layer}/`).join(", ")}`
      : `${from}/ imports nothing of the shop`;
  }
  return NARROWER.find((rule) => applies(rule, imported))?.rule ?? null;
}

export function findViolations(root: string): string[] {
  return importsOf(root).flatMap((imported) => {
    const rule = brokenRule(imported);
    return rule ? [`${imported.file} imports ${imported.specifier} (rule: ${rule})`] : [];
  });
}

/**
 * Each set of files that import one another in a loop (type imports count: they tie the files as
 * tightly for a reader), shown as the shortest loop through its first file.
 */
export function findCycles(root: string): string[] {
  const edges = new Map<string, string[]>();
  for (const { file, target } of importsOf(root)) edges.set(file, [...(edges.get(file) ?? []), target]);
  const cycles: string[] = [];
  const inCycle = new Set<string>();
  for (const start of [...edges.keys()].sort()) {
    if (inCycle.has(start)) continue;
    const loop = shortestLoop(start, edges);
    if (!loop) continue;
    const fromStart = reachable(start, edges);
    const tied = [...fromStart].filter((file) => reachable(file, edges).has(start));
    for (const file of tied) inCycle.add(file);
    const others = tied.length - loop.length;
    const more = others === 0 ? "" : ` (and ${others} more ${others === 1 ? "file" : "files"} tied into it)`;
    cycles.push(`import cycle: ${[...loop, start].join(" → ")}${more}`);
  }
  return cycles;
}

/** The files that a file's imports lead to, directly or through others. */
function reachable(from: string, edges: Map<string, string[]>): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  for (let index = 0; index < queue.length; index++) {
    for (const next of edges.get(queue[index] as string) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

/** The shortest path of imports from `start` back to itself (breadth first), or null. */
function shortestLoop(start: string, edges: Map<string, string[]>): string[] | null {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let index = 0; index < queue.length; index++) {
    const file = queue[index] as string;
    for (const next of edges.get(file) ?? []) {
      if (next === start) {
        const loop = [file];
        while (loop[0] !== start) loop.unshift(cameFrom.get(loop[0] as string) as string);
        return loop;
      }
      if (cameFrom.has(next) || !edges.has(next)) continue;
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  return null;
}

/** Every house rule this script holds, each problem on a line of its own. */
export function findProblems(root: string): string[] {
  const layers = Object.keys(LAYERS);
  return [
    ...findViolations(root),
    ...findWrongWayAreaImports(root),
    ...findCycles(root),
    ...findOverlongFiles(root, [...layers, "scripts"]),
    ...findRedefinedConstants(root, { names: [...layers, "scripts", "tests", "bench"], values: [...layers, "scripts"] }),
    ...findServerModulesInBrowser(root, PORTS),
    ...findSecondFormReaders(root),
  ];
}

if (import.meta.main) {
  const problems = findProblems(ROOT);
  if (problems.length > 0) {
    console.error(`House rules broken:\n${problems.map((line) => `  ${line}`).join("\n")}`);
    process.exit(1);
  }
  console.log(
    "House rules hold: every import runs down the matrix and the domain's area order and none closes a cycle, files keep their line budgets, " +
      "the listed constants are declared once, no server-only module reaches the browser, and forms are read one way and parsed once.",
  );
}
