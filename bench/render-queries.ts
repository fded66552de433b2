/**
 * How many statements each page of bench/render-pages.ts sends the database per render, and which:
 * the shop runs in this process on the embedded database with PAGE_CACHE=off, its PGlite client's
 * statements counted (the job queue's own, in its `pgboss` schema, left out). Each page is asked for
 * twice and the second counted, once what is kept per catalogue revision has been read.
 * Usage, after `npm run build`: `node bench/render-queries.ts`. Knobs: BENCH_PAGES, BENCH_PORT (3332).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { loadConfig } from "../server/env.ts";
import { startServer } from "../server/start.ts";
import { fetchPage, RENDER_PAGES, visitorCookies } from "./render-pages.ts";

let statements: string[] | null = null;
const client = PGlite.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
for (const method of ["query", "exec"]) {
  const original = client[method];
  if (!original) throw new Error(`PGlite has no ${method}() to count`);
  client[method] = function (this: unknown, ...args: unknown[]) {
    const text = String(args[0]).replace(/\s+/g, " ").trim();
    if (!text.includes("pgboss.")) statements?.push(text);
    return original.apply(this, args);
  };
}

const port = Number(process.env.BENCH_PORT ?? 3332);
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-"));
const server = await startServer(
  loadConfig({
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    PAGE_CACHE: "off",
    LOG_LEVEL: "warn",
  }),
);
try {
  const cookies = await visitorCookies(baseUrl);
  console.log("| page | statements per render | the statements |\n|---|---:|---|");
  for (const page of RENDER_PAGES) {
    await fetchPage(baseUrl, cookies, page);
    statements = [];
    await fetchPage(baseUrl, cookies, page);
    const made = statements;
    statements = null;
    const listed = made.map((text) => `\`${text.slice(0, 90)}${text.length > 90 ? "…" : ""}\``).join("<br>");
    console.log(`| ${page.label} | ${made.length} | ${listed} |`);
  }
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
