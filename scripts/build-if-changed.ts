/** Builds the app only when a source that feeds the build is newer than the last build, so a repeat start is quick. */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const BUILD_MARK = path.join(ROOT, "build/server/index.js");
const SOURCES = [
  "app",
  "content",
  "db",
  "domain",
  "integrations",
  "kernel",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
];

function newestChange(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(target).map((name) => newestChange(path.join(target, name))));
}

const builtAt = existsSync(BUILD_MARK) ? statSync(BUILD_MARK).mtimeMs : 0;
const changedAt = Math.max(
  ...SOURCES.map((source) => path.join(ROOT, source))
    .filter(existsSync)
    .map(newestChange),
);
if (changedAt > builtAt) {
  const result = spawnSync("react-router", ["build"], { cwd: ROOT, stdio: "inherit" });
  process.exit(result.status ?? 1);
}
console.log("Build is up to date.");
