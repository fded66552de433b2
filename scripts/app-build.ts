/**
 * What identifies a build of the shop: the version the project keeps in package.json, when it was
 * built, and an id of its own. Vite writes it into both bundles (browser and server) as
 * `__APP_BUILD__`, so the page and the server answer with the same build.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { AppBuild } from "../app/lib/app-build.ts";

export function appBuild(): AppBuild {
  const packageFile = path.resolve(import.meta.dirname, "../package.json");
  const { version } = JSON.parse(readFileSync(packageFile, "utf8")) as { version: string };
  return { id: randomBytes(8).toString("hex"), version, builtAt: new Date().toISOString() };
}
