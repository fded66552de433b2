/**
 * Product page rendered by the server against the same HTML served as a static file by the same
 * server, measured side by side in one run; then the gzip size of the JavaScript the page loads.
 */
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { BUILD_DIR } from "../server/start.ts";
import { type LoadResult, load, printTable, startShopProcess } from "./harness.ts";

const PRODUCT_PATH = "/shop/luna-collagen/m8";
const STATIC_NAME = "bench-product-page.html";
const options = { seconds: Number(process.env.BENCH_SECONDS ?? 8), connections: 10 };

const shop = await startShopProcess(3390);
const staticFile = path.join(BUILD_DIR, "client", STATIC_NAME);
try {
  const html = await (await fetch(`${shop.baseUrl}${PRODUCT_PATH}`)).text();
  writeFileSync(staticFile, html);
  const rendered = `${shop.baseUrl}${PRODUCT_PATH}`;
  const staticUrl = `${shop.baseUrl}/${STATIC_NAME}`;
  await load("warm-up", rendered, { seconds: 2, connections: 4 });

  const results: LoadResult[] = [];
  for (const round of [1, 2]) {
    results.push(await load(`static file, round ${round}`, staticUrl, options));
    results.push(await load(`server-rendered, round ${round}`, rendered, options));
  }
  // A visitor with a cookie (a bag, later a session) always gets a fresh render.
  results.push(
    await load("rendered for a visitor with a cookie (no page cache)", rendered, { ...options, headers: { cookie: "bag=x" } }),
  );
  printTable(results);
  const total = (kind: string) =>
    results.filter((r) => r.label.startsWith(kind)).reduce((sum, r) => sum + r.requestsPerSecond, 0);
  console.log(`\nthroughput ratio (server-rendered / static): ${(total("server-rendered") / total("static")).toFixed(2)}`);

  // Every script the page loads is in the preload list its loader script is called with (decision 013).
  const preloadList = /\}\)\((\["\/assets\/[^\]]*\])/.exec(html)?.[1];
  const scripts = JSON.parse(preloadList ?? "[]") as string[];
  let gzipBytes = 0;
  for (const script of new Set(scripts)) {
    gzipBytes += gzipSync(Buffer.from(await (await fetch(`${shop.baseUrl}${script}`)).arrayBuffer())).length;
  }
  console.log(`JavaScript on a product page: ${new Set(scripts).size} files, ${(gzipBytes / 1024).toFixed(1)} KB gzip`);
} finally {
  rmSync(staticFile, { force: true });
  await shop.stop();
}
