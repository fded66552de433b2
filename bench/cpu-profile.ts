/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`): the functions with the most self time, the
 * functions with the most total time (themselves and what they call, each counted once per sample),
 * and self time by package. Usage: node bench/cpu-profile.ts <file.cpuprofile> [rows] [skip seconds]
 * (samples in the first `skip seconds` are left out: the start, before the load began).
 */
import { readFileSync } from "node:fs";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const [file, rowsArg, skipArg] = process.argv.slice(2);
if (!file) throw new Error("usage: node bench/cpu-profile.ts <file.cpuprofile> [rows]");
const rows = Number(rowsArg ?? 25);
const skipMs = Number(skipArg ?? 0) * 1000;
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, "")
    .replace(/^.*\/node_modules\//, "~/")
    .replace(/^.*\/(build|server|domain|app|db|integrations|kernel)\//, "$1/");
const nameOf = (frame: CallFrame) => `${frame.functionName || "(anonymous)"} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
const packageOf = (frame: CallFrame) => {
  if (!frame.url) return frame.functionName.startsWith("(") ? frame.functionName : "(native)";
  const inModules = frame.url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1] ?? "?";
  if (frame.url.startsWith("node:")) return "node:*";
  return shortUrl(frame.url).split("/")[0] ?? "?";
};

const self = new Map<string, number>();
const total = new Map<string, number>();
const perPackage = new Map<string, number>();
const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
let all = 0;
let idle = 0;
let elapsed = 0;
profile.samples.forEach((id, index) => {
  const ms = (profile.timeDeltas[index] ?? 0) / 1000;
  elapsed += ms;
  const node = byId.get(id);
  if (!node || elapsed < skipMs) return;
  all += ms;
  if (node.callFrame.functionName === "(idle)") {
    idle += ms;
    return;
  }
  add(self, nameOf(node.callFrame), ms);
  add(perPackage, packageOf(node.callFrame), ms);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const name = nameOf(byId.get(at)?.callFrame as CallFrame);
    if (!seen.has(name)) add(total, name, ms);
    seen.add(name);
  }
});

const busy = all - idle;
const pct = (ms: number) => `${((100 * ms) / busy).toFixed(1)}%`;
const top = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([name, ms]) => `${pct(ms).padStart(6)}  ${ms.toFixed(0).padStart(7)} ms  ${name}`)
    .join("\n");
console.log(
  `${file}: ${(all / 1000).toFixed(1)} s sampled after the first ${skipMs / 1000} s, ${(busy / 1000).toFixed(1)} s busy (percentages of busy)\n`,
);
console.log(`self time by package\n${top(perPackage)}\n`);
console.log(`self time\n${top(self)}\n`);
console.log(`total time\n${top(total)}`);
