import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../e2e/fixtures.ts";
import { rehearsal } from "./rehearsal.ts";

const PAGES = ["/", "/shop", "/shop/luna-collagen", "/shop/luna-collagen/m8", "/shop/joffee", "/shop/sale", "/help", "/about-us"];
const REQUESTS = 200;
const AT_ONCE = 8;
const KILL_AFTER = 60;

type Outcome = { method: string; path: string; status: number | string };

/** One request of the burst: mostly pages, every 25th a bag post. */
async function send(request: APIRequestContext, n: number): Promise<Outcome> {
  const post = n % 25 === 0;
  const path = post ? "/bag" : (PAGES[n % PAGES.length] ?? "/");
  try {
    const response = post
      ? await request.post(path, {
          form: { intent: "add", optionId: "op-m8_ba-1b", quantity: "1" },
          headers: { origin: rehearsal.shopUrl },
          maxRedirects: 0,
        })
      : await request.get(path);
    return { method: post ? "POST" : "GET", path, status: response.status() };
  } catch (error) {
    return { method: post ? "POST" : "GET", path, status: String(error) };
  }
}

test("a shop process killed in the middle of a burst: nginx sends the requests to the other one", async ({ request }) => {
  const [, victim] = rehearsal.shops;
  if (!victim) throw new Error("the rehearsal runs two shop processes");
  const outcomes: Outcome[] = [];
  let next = 0;
  let killedAt = -1;
  const worker = async () => {
    while (next < REQUESTS) {
      const n = next++;
      if (n === KILL_AFTER) {
        process.kill(victim.pid, "SIGKILL");
        killedAt = outcomes.length;
      }
      outcomes.push(await send(request, n));
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));

  const ok = (outcome: Outcome) => outcome.status === 200 || outcome.status === 303;
  const failed = outcomes.filter((outcome) => !ok(outcome));
  console.log(
    `burst: ${outcomes.length} requests, process ${victim.pid} killed after ${killedAt}; failed: ${JSON.stringify(failed)}`,
  );
  expect(killedAt).toBeGreaterThan(0);
  // nginx resends a page request that met a dead process; only a post already sent to it may be lost.
  expect(failed.filter((outcome) => outcome.method === "GET")).toEqual([]);
  expect(failed.length).toBeLessThanOrEqual(AT_ONCE);

  // Pages and bag posts alike, all answered by the process left.
  const after = await Promise.all(Array.from({ length: 20 }, (_, n) => send(request, n * 5)));
  expect(after.filter((outcome) => !ok(outcome))).toEqual([]);
  await expect(request.get(`http://127.0.0.1:${victim.port}/healthz`)).rejects.toThrow();
});
