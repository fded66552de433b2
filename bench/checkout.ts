/**
 * Completed checkouts per second through the test payment provider on PostgreSQL, and the latency of
 * the payment step (which signs, verifies and handles the webhook, fulfilling the order), against a
 * baseline in the same run: adding to the bag, the simplest write a shopper makes.
 * Run through `npm run bench:checkout`, which starts a throwaway PostgreSQL 15 cluster.
 */
import { startShopProcess } from "./harness.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 8;
const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error("TEST_DATABASE_URL is not set: run this through `npm run bench:checkout`.");

const shop = await startShopProcess(3391, { DATABASE_URL: databaseUrl });
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (path: string, body: string, cookie = "") =>
  fetch(`${shop.baseUrl}${path}`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
  });

async function addToBag(cookie = ""): Promise<string> {
  const response = await post("/bag", form({ intent: "add", optionId: "op-m8_ba-1b", quantity: "1" }), cookie);
  await response.arrayBuffer();
  return cookie || ((response.headers.get("set-cookie") ?? "").split(";")[0] ?? "");
}

async function checkoutOnce(payLatencies: number[]): Promise<void> {
  const cookie = await addToBag();
  const shipping = form({
    name: "Bench Shopper",
    email: "bench@example.com",
    mobile: "91234567",
    address: "1 Bench Road",
    postalCode: "123456",
  });
  const started = await post("/checkout/shipping", shipping, cookie);
  const payPath = started.headers.get("location") ?? "";
  const t0 = performance.now();
  const paid = await post(payPath, form({ cardNumber: "4242424242424242" }), cookie);
  payLatencies.push(performance.now() - t0);
  if (paid.status !== 303) throw new Error(`payment answered ${paid.status}`);
  const complete = await fetch(new URL(paid.headers.get("location") ?? "", shop.baseUrl), { headers: { cookie } });
  if (complete.status !== 200) throw new Error(`complete page answered ${complete.status}`);
  await complete.arrayBuffer();
}

async function measure(label: string, step: (latencies: number[]) => Promise<void>) {
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        await step(latencies);
        done++;
      }
    }),
  );
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
  return { label, perSecond: done / SECONDS, p50: at(0.5), p99: at(0.99) };
}

try {
  await checkoutOnce([]);
  const baseline = await measure("baseline: add to bag", async (latencies) => {
    const t0 = performance.now();
    await addToBag();
    latencies.push(performance.now() - t0);
  });
  const checkout = await measure("checkout: bag, shipping, pay (webhook + fulfilment), complete page", checkoutOnce);
  console.log(`${CLIENTS} concurrent clients, ${SECONDS} s each, PostgreSQL 15\n`);
  console.log("| run | per second | p50 ms | p99 ms |\n|---|---:|---:|---:|");
  console.log(`| ${baseline.label} | ${baseline.perSecond.toFixed(1)} | ${baseline.p50} | ${baseline.p99} |`);
  console.log(
    `| ${checkout.label} (latency: the pay step) | ${checkout.perSecond.toFixed(1)} | ${checkout.p50} | ${checkout.p99} |`,
  );
  console.log(`\ncompleted checkouts per second / bag adds per second: ${(checkout.perSecond / baseline.perSecond).toFixed(2)}`);
} finally {
  await shop.stop();
}
