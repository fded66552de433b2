/**
 * Completed checkouts per second through the test payment provider on PostgreSQL, at 1, 8, 32 and
 * 100 concurrent buyers (BENCH_BUYERS changes the levels, BENCH_SECONDS the time at each). A buyer
 * adds a box to a new bag (the form post and the bag page it moves on to), posts the shipping form, pays with 4242 (which signs, verifies and handles
 * the webhook, fulfilling the order) and loads the completion page. A failure is any other status
 * than the expected one, or a request that errs; at the end the orders in the database must be
 * exactly the completed checkouts, one per checkout session. A baseline at 8 buyers, adding to the
 * bag only, runs in the same process first.
 * Run through `npm run bench:checkout`, which starts a throwaway PostgreSQL 15 cluster; set
 * BENCH_CPU_PROF_DIR to write the shop's CPU profile there (summarise it with bench/cpu-profile.ts).
 * BENCH_COMPARE_DIR names another checkout of the shop, built (say, the commit before a change): it
 * runs on a database of its own, and each level is measured on both, in BENCH_ROUNDS alternating
 * rounds. Each row also gives the CPU time per completed checkout of the shop process and of the
 * PostgreSQL cluster, which other load on the machine disturbs less than the rate. Last,
 * BENCH_STEP_CHECKOUTS checkouts (50; 0 for none) run one at a time for the shop's CPU per request.
 */
import path from "node:path";
import pg from "pg";
import { startShopProcess } from "./harness.ts";
import { parentOf, postgresCpuMilliseconds } from "./process-cpu.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LEVELS = (process.env.BENCH_BUYERS ?? "1,8,32,100").split(",").map(Number);
const BASELINE_BUYERS = 8;
/** Rounds at each level (alternating between the builds when comparing). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** Checkouts run one at a time at the end, for the shop's CPU time per request. */
const STEP_CHECKOUTS = Number(process.env.BENCH_STEP_CHECKOUTS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3315);
const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error("TEST_DATABASE_URL is not set: run this through `npm run bench:checkout`.");
const profileDir = process.env.BENCH_CPU_PROF_DIR;

const compareDir = process.env.BENCH_COMPARE_DIR;

type Shop = { label: string; baseUrl: string; databaseUrl: string; cpuMs: () => number; stop: () => Promise<void> };

async function startShop(label: string, port: number, url: string, shopDir = "."): Promise<Shop> {
  // Each shopper comes from an address of its own (X-Forwarded-For), as checkouts are limited per address.
  const env: Record<string, string> = { DATABASE_URL: url, TRUSTED_PROXY_HOPS: "1" };
  if (profileDir) env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${path.resolve(profileDir, label.replaceAll(" ", "-"))}`;
  const shop = await startShopProcess(port, env, { shopDir });
  return { label, databaseUrl: url, ...shop };
}

/** A second database on the same server, for the build compared against. */
async function createDatabase(name: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name}`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(databaseUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The PostgreSQL cluster's CPU time, found through the postmaster behind a connection of ours. */
async function databaseCpu(): Promise<() => number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
  const postmaster = parentOf(rows[0]?.pid ?? 0);
  await client.end();
  return () => postgresCpuMilliseconds(postmaster);
}
const clusterCpuMs = await databaseCpu();

const cpuUsageMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

class Failure extends Error {}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
async function post(
  shop: Shop,
  path: string,
  body: string,
  cookie: string,
  expected: number[],
  headers: Record<string, string> = {},
): Promise<Response> {
  const response = await fetch(`${shop.baseUrl}${path}`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
  });
  await response.arrayBuffer();
  if (!expected.includes(response.status)) {
    throw new Failure(`POST ${path.split("/").slice(0, 3).join("/")} answered ${response.status}`);
  }
  return response;
}

async function addToBag(shop: Shop): Promise<string> {
  const body = form({ intent: "add", optionId: "op-m8_ba-1b", quantity: "1" });
  const response = await post(shop, "/bag", body, "", [303]);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  // The browser follows the post to the bag page, as a shopper without JavaScript sees it.
  const bag = await fetch(new URL(response.headers.get("location") ?? "", shop.baseUrl), { headers: { cookie } });
  await bag.arrayBuffer();
  if (bag.status !== 200) throw new Failure(`GET /bag answered ${bag.status}`);
  return cookie;
}

/**
 * Each checkout is a different shopper, as in a real shop. (One email for all would make every
 * fulfilment wait for the last on that email's customer record, which is how one customer's orders
 * must take turns; BENCH_ONE_EMAIL=1 measures that.)
 */
let shoppers = 0;
let addresses = 0;
const shopperAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};
const shipping = () =>
  form({
    name: "Bench Shopper",
    email: process.env.BENCH_ONE_EMAIL === "1" ? "bench@example.com" : `bench-${++shoppers}@example.com`,
    mobile: "91234567",
    address: "1 Bench Road",
    postalCode: "123456",
  });

/** Shop CPU time per kind of request, summed while one checkout at a time runs. */
type StepCosts = Map<string, number>;

async function checkoutOnce(shop: Shop, costs?: StepCosts): Promise<void> {
  const step = async <T>(name: string, request: () => Promise<T>): Promise<T> => {
    const before = shop.cpuMs();
    const result = await request();
    costs?.set(name, (costs.get(name) ?? 0) + shop.cpuMs() - before);
    return result;
  };
  const cookie = await step("POST /bag (add)", () => addToBag(shop));
  const started = await step("POST /checkout/shipping", () =>
    post(shop, "/checkout/shipping", shipping(), cookie, [303], { "x-forwarded-for": shopperAddress() }),
  );
  const card = form({ cardNumber: "4242424242424242" });
  const paid = await step("POST /pay/test/{session} (pay, webhook, fulfilment)", () =>
    post(shop, started.headers.get("location") ?? "", card, cookie, [303]),
  );
  const page = await step("GET /checkout/complete/{session}", async () => {
    const complete = await fetch(new URL(paid.headers.get("location") ?? "", shop.baseUrl), { headers: { cookie } });
    return { status: complete.status, text: await complete.text() };
  });
  if (page.status !== 200 || !page.text.includes('data-testid="invoice-id"')) {
    throw new Failure(`complete page answered ${page.status} without an invoice`);
  }
}

/**
 * The shop's CPU time for each request of a checkout, one checkout at a time, taking turns between
 * the builds (the confirmation email's job runs in the background and lands in whichever request it
 * overlaps).
 */
async function costPerRequest(checkouts: number): Promise<StepCosts[]> {
  const costs = shops.map((): StepCosts => new Map());
  for (let i = 0; i < checkouts; i++) {
    for (const [index, shop] of shops.entries()) await checkoutOnce(shop, costs[index]);
  }
  for (const perShop of costs) for (const [name, ms] of perShop) perShop.set(name, ms / checkouts);
  return costs;
}

type LevelResult = {
  shop: string;
  run: string;
  buyers: number;
  perSecond: number;
  /** The shop process's CPU time per completed step: steadier than the rate while the machine is shared. */
  cpuMs: number;
  /** The PostgreSQL cluster's CPU time per completed step. */
  dbCpuMs: number;
  /** This load generator's own CPU time per completed step: it runs on the same cores. */
  clientCpuMs: number;
  p50: number;
  p99: number;
  failures: number;
  done: number;
};

async function measure(shop: Shop, run: string, buyers: number, step: (shop: Shop) => Promise<unknown>) {
  const latencies: number[] = [];
  const reasons = new Map<string, number>();
  const cpuBefore = shop.cpuMs();
  const dbCpuBefore = clusterCpuMs();
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: buyers }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          await step(shop);
          latencies.push(performance.now() - t0);
        } catch (error) {
          const reason = error instanceof Failure ? error.message : String(error);
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        }
      }
    }),
  );
  // The checkouts under way when time is up still finish and count, so the rate is over the time they took.
  const elapsedSeconds = (performance.now() - started) / 1000;
  for (const [reason, count] of reasons) console.error(`  ${shop.label}, ${buyers} buyers: ${count} × ${reason}`);
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const failures = [...reasons.values()].reduce((sum, count) => sum + count, 0);
  const result: LevelResult = {
    shop: shop.label,
    run,
    buyers,
    perSecond: sorted.length / elapsedSeconds,
    cpuMs: (shop.cpuMs() - cpuBefore) / Math.max(1, sorted.length),
    dbCpuMs: (clusterCpuMs() - dbCpuBefore) / Math.max(1, sorted.length),
    clientCpuMs: cpuUsageMs(process.cpuUsage(clientCpuBefore)) / Math.max(1, sorted.length),
    p50: at(0.5),
    p99: at(0.99),
    failures,
    done: sorted.length,
  };
  return result;
}

/** Orders in the shop's database against the checkouts that completed there: each paid, none twice. */
async function checkOrders(shop: Shop, completed: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: shop.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ orders: string; paid: string; sessions: string }>(
      "select count(*) as orders, count(*) filter (where status = 'paid') as paid, count(distinct checkout_session_id) as sessions from orders",
    );
    const [orders, paid, sessions] = [rows[0]?.orders, rows[0]?.paid, rows[0]?.sessions].map(Number);
    const consistent = orders === completed && paid === completed && sessions === orders;
    console.log(
      `${shop.label}: ${orders} orders (${paid} paid, ${sessions} checkout sessions) for ${completed} completed checkouts: ${consistent ? "consistent" : "MISMATCH"}`,
    );
    return consistent;
  } finally {
    await client.end();
  }
}

const CHECKOUT = "checkout: bag, shipping, pay (webhook + fulfilment), complete page";
const row = (r: LevelResult) =>
  `| ${compareDir ? `${r.shop}: ` : ""}${r.run} | ${r.buyers} | ${r.perSecond.toFixed(1)} | ${r.cpuMs.toFixed(1)} | ${r.dbCpuMs.toFixed(1)} | ${r.clientCpuMs.toFixed(1)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.failures} |`;

const shops: Shop[] = [];
let exitCode = 0;
try {
  if (compareDir) shops.push(await startShop("compared", PORT + 1, await createDatabase("shop_compared"), compareDir));
  shops.push(await startShop("this build", PORT, databaseUrl));
  for (const shop of shops) await checkoutOnce(shop);
  const results: LevelResult[] = [];
  for (const shop of shops) results.push(await measure(shop, "baseline: add to bag", BASELINE_BUYERS, addToBag));
  for (const buyers of LEVELS) {
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating which build goes first, so neither always has the quieter turn.
      const order = round % 2 === 0 ? shops : [...shops].reverse();
      for (const shop of order) results.push(await measure(shop, CHECKOUT, buyers, checkoutOnce));
    }
  }

  console.log(`\n${SECONDS} s at each level, PostgreSQL 15; latency is a whole checkout (five requests)\n`);
  console.log(
    "| run | buyers | per second | shop CPU ms each | PostgreSQL CPU ms each | load generator CPU ms each | p50 ms | p99 ms | failures |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  );
  for (const result of results) console.log(row(result));
  console.log("");
  for (const shop of shops) {
    const checkouts = results.filter((r) => r.shop === shop.label && r.run === CHECKOUT);
    const completed = 1 + checkouts.reduce((sum, r) => sum + r.done, 0);
    if (!(await checkOrders(shop, completed))) exitCode = 1;
  }
  if (results.some((r) => r.failures > 0)) exitCode = 1;

  if (STEP_CHECKOUTS > 0) {
    const costs = await costPerRequest(STEP_CHECKOUTS);
    console.log(`\nshop CPU ms per request, ${STEP_CHECKOUTS} checkouts one at a time\n`);
    console.log(`| request | ${shops.map((shop) => shop.label).join(" | ")} |\n|---|${shops.map(() => "---:|").join("")}`);
    for (const name of costs[0]?.keys() ?? []) {
      console.log(`| ${name} | ${costs.map((perShop) => (perShop.get(name) ?? 0).toFixed(1)).join(" | ")} |`);
    }
  }
} finally {
  for (const shop of shops) await shop.stop();
}
process.exitCode = exitCode;
