/**
 * Flat cost as the catalogue grows: the same shop on its own catalogue (1x) and on one ten times the
 * size (10x), side by side, alternating rounds. Listing pages are rendered in full (PAGE_CACHE=off,
 * as for a visitor with a cookie); the catalogue's GraphQL query is asked as a client that knows
 * nothing of paging asks it. Then, on the 1x shop, the plain form post to /bag against the /bag.data
 * post of a hydrated page. Prints requests per second, the server's CPU time per request and the ratios.
 * Knobs: BENCH_SECONDS (5), BENCH_ROUNDS (3), BENCH_SCALE (10), BENCH_PORT (3312; the 10x shop takes a free port).
 */
import { createServer } from "node:net";
import autocannon from "autocannon";
import { openDatabase } from "../db/client.ts";
import { growCatalog } from "../db/seed/grown-catalog.ts";
import { seedCatalog } from "../db/seed/seed.ts";
import { startShopProcess } from "./harness.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SCALE = Number(process.env.BENCH_SCALE ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3312);
const CONNECTIONS = 10;
const LISTING_QUERY = "query Listing { products { id name path series { name slug } purchaseOptions { optionId optionPrice } } }";
const form = "application/x-www-form-urlencoded";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

type Shop = { label: string; baseUrl: string; cpuMs: () => number; stop: () => Promise<void> };

async function startShop(label: string, scale: number, port: number): Promise<Shop> {
  let productCount = 0;
  const shop = await startShopProcess(
    port,
    { PAGE_CACHE: "off" },
    {
      prepare: async (dataDir) => {
        const database = await openDatabase({ dataDir });
        await seedCatalog(database.db);
        productCount = await growCatalog(database.db, scale);
        await database.close();
      },
    },
  );
  console.log(`${label}: ${productCount} products at ${shop.baseUrl}`);
  return { label, ...shop };
}

type Run = {
  test: string;
  shop: string;
  round: number;
  rps: number;
  cpuMsPerRequest: number;
  p50: number;
  p99: number;
  unexpected: number;
};

/** One load run; a reply with another status than `status` (or none) counts as unexpected. */
async function measure(test: string, round: number, shop: Shop, options: autocannon.Options, status = 200): Promise<Run> {
  const cpuBefore = shop.cpuMs();
  const result = await autocannon({
    duration: SECONDS,
    connections: CONNECTIONS,
    ...options,
    url: `${shop.baseUrl}${options.url}`,
  });
  const cpu = shop.cpuMs() - cpuBefore;
  const expected = (result.statusCodeStats as Record<string, { count: number }>)[String(status)]?.count ?? 0;
  return {
    test,
    shop: shop.label,
    round,
    rps: Math.round(result.requests.average),
    cpuMsPerRequest: cpu / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    unexpected: result.errors + result.requests.total - expected,
  };
}

const listing = (pagePath: string): autocannon.Options => ({ url: pagePath });
const graphql: autocannon.Options = {
  url: "/graphql",
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ query: LISTING_QUERY }),
};

/** Adds to a bag per connection, rotating over the options, with a fresh bag every 150 adds (a line stops at 99). */
async function bagPosts(shop: Shop, postPath: string): Promise<autocannon.Options> {
  const reply = await fetch(`${shop.baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: LISTING_QUERY }),
  });
  const { data } = (await reply.json()) as { data: { products: { purchaseOptions: { optionId: string }[] }[] } };
  const optionIds = data.products.flatMap((product) => product.purchaseOptions.map((option) => option.optionId));
  const newBag = async () => {
    const response = await fetch(`${shop.baseUrl}/bag.data`, {
      method: "POST",
      headers: { "content-type": form },
      body: `intent=add&optionId=${optionIds[0]}&quantity=1`,
    });
    return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  };
  const bags = await Promise.all(Array.from({ length: CONNECTIONS * 4 }, newBag));
  let used = 0;
  return {
    url: postPath,
    method: "POST",
    setupClient: (client) => {
      let sent = 0;
      let headers = { "content-type": form, cookie: bags[used++ % bags.length] ?? "" };
      const next = () =>
        client.setHeadersAndBody(headers, `intent=add&optionId=${optionIds[sent % optionIds.length]}&quantity=1`);
      next();
      client.on("response", () => {
        sent += 1;
        if (sent % 150 === 0) headers = { ...headers, cookie: bags[used++ % bags.length] ?? "" };
        next();
      });
    },
  };
}

const one = await startShop("1x", 1, PORT);
const many = await startShop(`${SCALE}x`, SCALE, await freePort());
const runs: Run[] = [];
const TESTS: [string, autocannon.Options][] = [
  ["/shop/luna-collagen", listing("/shop/luna-collagen")],
  ["/shop", listing("/shop")],
  ["GraphQL products", graphql],
];
try {
  for (const shop of [one, many]) {
    for (const pagePath of ["/shop/luna-collagen", "/shop"]) {
      const html = await (await fetch(`${shop.baseUrl}${pagePath}`)).text();
      const pageData = await (await fetch(`${shop.baseUrl}${pagePath}.data`)).text();
      console.log(`${shop.label} ${pagePath}: HTML ${html.length} bytes, page data ${pageData.length} bytes`);
    }
    for (const [test, options] of TESTS) await measure(test, 0, shop, { ...options, duration: 1 });
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [test, options] of TESTS) {
      for (const shop of [one, many]) runs.push(await measure(test, round, shop, options));
    }
  }
  for (let round = 1; round <= Math.min(ROUNDS, 2); round++) {
    runs.push(await measure("POST /bag.data", round, one, await bagPosts(one, "/bag.data")));
    runs.push(await measure("POST /bag form", round, one, await bagPosts(one, "/bag"), 303));
  }
} finally {
  await one.stop();
  await many.stop();
}

console.log(
  "\n| run | shop | req/s | server CPU ms/request | p50 ms | p99 ms | unexpected replies |\n|---|---|---:|---:|---:|---:|---:|",
);
for (const r of runs) {
  console.log(
    `| ${r.test}, round ${r.round} | ${r.shop} | ${r.rps} | ${r.cpuMsPerRequest.toFixed(2)} | ${r.p50} | ${r.p99} | ${r.unexpected} |`,
  );
}
const total = (test: string, shop: string, pick: (r: Run) => number) =>
  runs.filter((r) => r.test === test && r.shop === shop).reduce((sum, r) => sum + pick(r), 0);
console.log("");
for (const [test] of TESTS) {
  const throughput = total(test, many.label, (r) => r.rps) / total(test, one.label, (r) => r.rps);
  const cpu = total(test, many.label, (r) => r.cpuMsPerRequest) / total(test, one.label, (r) => r.cpuMsPerRequest);
  console.log(`${test}: ${many.label}/${one.label} throughput ${throughput.toFixed(2)}, CPU per request ${cpu.toFixed(2)}`);
}
const bagCpu = (test: string) => total(test, one.label, (r) => r.cpuMsPerRequest);
const bagRps = (test: string) => total(test, one.label, (r) => r.rps);
console.log(
  `bag post, form/data: CPU per request ${(bagCpu("POST /bag form") / bagCpu("POST /bag.data")).toFixed(2)}, ` +
    `throughput ${(bagRps("POST /bag form") / bagRps("POST /bag.data")).toFixed(2)}`,
);
