/**
 * Pages against the page cache, in alternating rounds of one run. A product page for three visitors —
 * anonymous, with a bag cookie (a real bag) and signed in (a real member session from the embedded
 * identity provider), all page cache hits — and the same HTML served as a static file by the same
 * server. Then three pages rendered for their visitor on every request, which the page cache never
 * keeps: the bag page with three lines, /member for a member with a paid order, and the checkout
 * summary of that bag; each is reported as a ratio of the cache hit's rate. Every request asks for
 * `br, gzip, zstd` as a browser does. Last, the gzip size of the JavaScript the product page loads.
 * The shop runs on the embedded database, or on PostgreSQL inside scripts/pg-test-cluster.sh
 * (`npm run bench:pages:pg`).
 */
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { BUILD_DIR } from "../server/start.ts";
import { placeOrderOverHttp, shippingFor } from "../tests/setup/http-checkout.ts";
import { newPerson } from "../tests/setup/shop-browser.ts";
import type { TestServer } from "../tests/setup/test-server.ts";
import { benchDatabase, type LoadResult, load, printTable, startShopProcess } from "./harness.ts";
import { BAG_LINES, cookieOf, signedInMember, visitorWithBag } from "./visitors.ts";

const PRODUCT_PATH = "/shop/luna-collagen/m8";
const STATIC_NAME = "bench-product-page.html";
const PORT = Number(process.env.BENCH_PORT ?? 3390);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const options = { seconds: Number(process.env.BENCH_SECONDS ?? 8), connections: 10 };
const BROWSER_ENCODINGS = { "accept-encoding": "br, gzip, zstd" };
/** The run every rendered page is compared with. */
const CACHE_HIT = "anonymous";

/** `served`: how the answer must come (a kept page, a file, or rendered); `shows`: that it is the page meant, for the visitor meant. */
type Case = {
  label: string;
  url: string;
  cookie?: string;
  served: "hit" | "file" | "rendered";
  shows: (html: string) => boolean;
};

const database = benchDatabase();
const baseUrl = `http://127.0.0.1:${PORT}`;
const shop = await startShopProcess(PORT, { PUBLIC_URL: baseUrl, ...database.env });
const staticFile = path.join(BUILD_DIR, "client", STATIC_NAME);
try {
  const product = new URL(PRODUCT_PATH, baseUrl).href;
  const html = await (await fetch(product)).text();
  writeFileSync(staticFile, html);

  const bag = cookieOf(await visitorWithBag(baseUrl), baseUrl);
  const person = newPerson();
  const memberBrowser = await signedInMember(baseUrl, person);
  await placeOrderOverHttp({ baseUrl } as TestServer, shippingFor(person.email), memberBrowser);
  const member = cookieOf(memberBrowser, baseUrl);

  const isProductPage = (page: string) => page.includes("Add to bag");
  const cases: Case[] = [
    { label: "static file", url: `${baseUrl}/${STATIC_NAME}`, served: "file", shows: isProductPage },
    { label: CACHE_HIT, url: product, served: "hit", shows: isProductPage },
    { label: "with a bag cookie", url: product, cookie: bag, served: "hit", shows: isProductPage },
    { label: "signed in", url: product, cookie: member, served: "hit", shows: isProductPage },
    {
      label: `bag page, ${BAG_LINES.length} lines`,
      url: `${baseUrl}/bag`,
      cookie: bag,
      served: "rendered",
      shows: (page) => page.match(/Quantity of /g)?.length === BAG_LINES.length,
    },
    {
      label: "/member, one paid order",
      url: `${baseUrl}/member`,
      cookie: member,
      served: "rendered",
      shows: (page) => /data-testid="member-purchases"[^>]*>1</.test(page),
    },
    {
      label: "checkout summary",
      url: `${baseUrl}/checkout/summary`,
      cookie: bag,
      served: "rendered",
      shows: (page) => page.includes("Review your bag"),
    },
  ];
  const headersOf = ({ cookie }: Case) => ({ ...BROWSER_ENCODINGS, ...(cookie ? { cookie } : {}) });

  console.log(`Database: ${database.label}\n`);
  for (const one of cases) {
    const response = await fetch(one.url, { headers: headersOf(one) });
    const page = await response.text();
    const cache = response.headers.get("x-page-cache");
    console.log(`${one.label}: ${response.status}, ${response.headers.get("content-encoding")}, page cache ${cache ?? "none"}`);
    const servedRight = one.served === "hit" ? cache === "hit" : cache === null;
    if (response.status !== 200 || !servedRight || !one.shows(page)) {
      throw new Error(`${one.label} is not the page to measure (expected ${one.served}): ${page.slice(0, 300)}`);
    }
  }
  for (const one of cases) await load("warm-up", one.url, { seconds: 2, connections: 4, headers: headersOf(one) });

  const results: LoadResult[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const one of cases) {
      results.push(await load(`${one.label}, round ${round}`, one.url, { ...options, headers: headersOf(one) }));
    }
  }
  printTable(results);
  const total = (label: string) =>
    results.filter((r) => r.label.startsWith(`${label}, `)).reduce((sum, r) => sum + r.requestsPerSecond, 0);
  const ratio = (label: string, base: string) => (total(label) / total(base)).toFixed(2);
  console.log(`\nthroughput ratio ${CACHE_HIT} / static file: ${ratio(CACHE_HIT, "static file")}`);
  console.log(`throughput ratio with a bag cookie / ${CACHE_HIT}: ${ratio("with a bag cookie", CACHE_HIT)}`);
  console.log(`throughput ratio signed in / ${CACHE_HIT}: ${ratio("signed in", CACHE_HIT)}`);
  for (const { label } of cases.filter((one) => one.served === "rendered")) {
    console.log(`throughput ratio ${label} (rendered) / cache hit: ${ratio(label, CACHE_HIT)}`);
  }

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
