/**
 * What the pages the page cache cannot serve cost to render: a listing (/shop and a line's page), a
 * product page, the bag with three lines, /member signed in and the checkout summary with that bag,
 * on the embedded database (on PostgreSQL inside scripts/pg-test-cluster.sh) with PAGE_CACHE=off and `Accept-Encoding: identity` (nothing compressed;
 * BENCH_ENCODING names another, `br, gzip` as browsers send it, say).
 * Prints each page's HTML size and the size of its serialised loader data (its `.data` reply), then,
 * unless BENCH_ROUNDS=0, the shop's CPU time per request from /proc for each page, 10 connections,
 * BENCH_SECONDS (4) a run. With BENCH_BEFORE=<a built checkout of another version> both versions run
 * side by side, alternating run by run (the order reversed on even rounds), and it prints the ratio.
 * The pages and visitors are bench/render-pages.ts's. Knobs: BENCH_SECONDS, BENCH_ROUNDS (3), BENCH_PAGES,
 * BENCH_PORT (3330; the other version takes the next), BENCH_PROFILE (a directory: the shops run with
 * `node --cpu-prof` and write their profiles there on exit; read them with bench/cpu-profile.ts).
 */
import path from "node:path";
import autocannon from "autocannon";
import { benchDatabase, startShopProcess } from "./harness.ts";
import {
  ACCEPT_ENCODING,
  fetchPage,
  pageHeaders,
  RENDER_PAGES,
  type RenderPage,
  type Visitor,
  visitorCookies,
} from "./render-pages.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3330);
const CONNECTIONS = 10;

type Shop = Awaited<ReturnType<typeof startShopProcess>> & {
  label: string;
  cookies: Record<Visitor, string>;
  startedAt: number;
};

async function startShop(label: string, shopDir: string, port: number): Promise<Shop> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const startedAt = Date.now();
  const profile: Record<string, string> = process.env.BENCH_PROFILE
    ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}` }
    : {};
  const database = benchDatabase().env;
  const shop = await startShopProcess(port, { PAGE_CACHE: "off", PUBLIC_URL: baseUrl, ...database, ...profile }, { shopDir });
  return { ...shop, label, cookies: await visitorCookies(baseUrl), startedAt };
}

/** The page's HTML and its loader data as a hydrated page fetches it (`<path>.data`, the root's included). */
async function sizes(shop: Shop, page: RenderPage): Promise<{ html: number; data: number }> {
  const html = await fetchPage(shop.baseUrl, shop.cookies, page);
  if (!html.includes(page.shows)) throw new Error(`${shop.label} ${page.path} does not show "${page.shows}"`);
  return { html: Buffer.byteLength(html), data: Buffer.byteLength(await fetchPage(shop.baseUrl, shop.cookies, page, ".data")) };
}

type Run = { page: string; shop: string; rps: number; cpuMsPerRequest: number; p99: number; bad: number };

async function measure(shop: Shop, page: RenderPage, seconds: number): Promise<Run> {
  const cpuBefore = shop.cpuMs();
  const result = await autocannon({
    url: `${shop.baseUrl}${page.path}`,
    headers: pageHeaders(shop.cookies, page),
    duration: seconds,
    connections: CONNECTIONS,
  });
  const cpu = shop.cpuMs() - cpuBefore;
  return {
    page: page.label,
    shop: shop.label,
    rps: Math.round(result.requests.average),
    cpuMsPerRequest: cpu / Math.max(1, result.requests.total),
    p99: result.latency.p99,
    bad: result.errors + result.non2xx,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const shops: Shop[] = [];
try {
  if (process.env.BENCH_BEFORE) shops.push(await startShop("before", process.env.BENCH_BEFORE, PORT + 1));
  shops.push(await startShop(process.env.BENCH_BEFORE ? "after" : "this build", ".", PORT));

  console.log("| page | shop | HTML bytes | loader data bytes |\n|---|---|---:|---:|");
  for (const page of RENDER_PAGES) {
    for (const shop of shops) {
      const size = await sizes(shop, page);
      console.log(`| ${page.label} | ${shop.label} | ${size.html} | ${size.data} |`);
    }
  }
  if (ROUNDS > 0) for (const page of RENDER_PAGES) for (const shop of shops) await measure(shop, page, 1);

  for (const shop of shops) {
    const skip = Math.ceil((Date.now() - shop.startedAt) / 1000);
    if (process.env.BENCH_PROFILE) console.log(`${shop.label}: the measured runs start ${skip} s into its profile`);
  }
  const runs: Run[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 ? shops : [...shops].reverse();
    for (const page of RENDER_PAGES) for (const shop of order) runs.push(await measure(shop, page, SECONDS));
  }
  if (ROUNDS > 0) {
    console.log(
      `\n${CONNECTIONS} connections, ${SECONDS} s a run, ${ROUNDS} rounds, PAGE_CACHE=off, Accept-Encoding: ${ACCEPT_ENCODING}`,
    );
    console.log("| page | shop | CPU ms/request, median (each run) | req/s, median | p99 ms, median | bad replies |");
    console.log("|---|---|---:|---:|---:|---:|");
    const of = (page: string, shop: string) => runs.filter((r) => r.page === page && r.shop === shop);
    for (const page of RENDER_PAGES) {
      for (const shop of shops) {
        const mine = of(page.label, shop.label);
        const cpu = mine.map((r) => r.cpuMsPerRequest);
        const each = cpu.map((ms) => ms.toFixed(2)).join(", ");
        const bad = mine.reduce((sum, r) => sum + r.bad, 0);
        console.log(
          `| ${page.label} | ${shop.label} | ${median(cpu).toFixed(2)} (${each}) | ${median(mine.map((r) => r.rps))} | ${median(mine.map((r) => r.p99))} | ${bad} |`,
        );
      }
      if (shops.length === 2) {
        const cpuOf = (shop: string) => median(of(page.label, shop).map((r) => r.cpuMsPerRequest));
        console.log(`| ${page.label} | after / before | ${(cpuOf("after") / cpuOf("before")).toFixed(2)} | | | |`);
      }
    }
  }
} finally {
  for (const shop of shops) await shop.stop();
}
