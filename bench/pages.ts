/**
 * A product page for three visitors — anonymous, with a bag cookie (a real bag with an item), and
 * signed in (a real member session from the embedded identity provider) — and the same HTML served
 * as a static file by the same server, in alternating rounds of one run, each asking for brotli or
 * gzip as a browser does. Then the gzip size of the JavaScript the page loads.
 */
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { BUILD_DIR } from "../server/start.ts";
import { newPerson, openBrowser } from "../tests/setup/shop-browser.ts";
import type { TestServer } from "../tests/setup/test-server.ts";
import { type LoadResult, load, printTable, startShopProcess } from "./harness.ts";

const PRODUCT_PATH = "/shop/luna-collagen/m8";
const STATIC_NAME = "bench-product-page.html";
const PORT = Number(process.env.BENCH_PORT ?? 3390);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const options = { seconds: Number(process.env.BENCH_SECONDS ?? 8), connections: 10 };
const BROWSER_ENCODINGS = { "accept-encoding": "br, gzip" };

const baseUrl = `http://127.0.0.1:${PORT}`;
const shop = await startShopProcess(PORT, { PUBLIC_URL: baseUrl });
const staticFile = path.join(BUILD_DIR, "client", STATIC_NAME);
try {
  const product = new URL(PRODUCT_PATH, baseUrl);
  const html = await (await fetch(product)).text();
  writeFileSync(staticFile, html);

  const withBag = openBrowser({ baseUrl } as TestServer);
  await withBag.post("/bag", { intent: "add", optionId: "op-m8_ba-1b", quantity: "1" });
  const member = openBrowser({ baseUrl } as TestServer);
  await member.signIn(newPerson());
  const cases = [
    { label: "static file", url: `${baseUrl}/${STATIC_NAME}`, cookie: undefined },
    { label: "anonymous", url: product.href, cookie: undefined },
    { label: "with a bag cookie", url: product.href, cookie: withBag.jar.header(product) },
    { label: "signed in", url: product.href, cookie: member.jar.header(product) },
  ];
  for (const { label, url, cookie } of cases) {
    const response = await fetch(url, { headers: { ...BROWSER_ENCODINGS, ...(cookie ? { cookie } : {}) } });
    await response.arrayBuffer();
    console.log(`${label}: ${response.status}, cookie ${cookie ?? "none"}, page cache ${response.headers.get("x-page-cache")}`);
  }
  await load("warm-up", product.href, { seconds: 2, connections: 4 });

  const results: LoadResult[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const { label, url, cookie } of cases) {
      const headers = { ...BROWSER_ENCODINGS, ...(cookie ? { cookie } : {}) };
      results.push(await load(`${label}, round ${round}`, url, { ...options, headers }));
    }
  }
  printTable(results);
  const total = (label: string) =>
    results.filter((r) => r.label.startsWith(`${label}, `)).reduce((sum, r) => sum + r.requestsPerSecond, 0);
  const ratio = (label: string, base: string) => (total(label) / total(base)).toFixed(2);
  console.log(`\nthroughput ratio anonymous / static file: ${ratio("anonymous", "static file")}`);
  console.log(`throughput ratio with a bag cookie / anonymous: ${ratio("with a bag cookie", "anonymous")}`);
  console.log(`throughput ratio signed in / anonymous: ${ratio("signed in", "anonymous")}`);

  // Every script the page loads is in the preload list its loader script is called with (decision 013).
  const preloadList = /\}\)\((\["\/assets\/[^\]]*\])/.exec(html)?.[1];
  const scripts = JSON.parse(preloadList ?? "[]") as string[];
  let gzipBytes = 0;
  for (const script of new Set(scripts)) {
    gzipBytes += gzipSync(Buffer.from(await (await fetch(`${baseUrl}${script}`)).arrayBuffer())).length;
  }
  console.log(`JavaScript on a product page: ${new Set(scripts).size} files, ${(gzipBytes / 1024).toFixed(1)} KB gzip`);
} finally {
  rmSync(staticFile, { force: true });
  await shop.stop();
}
