import { expect, test } from "../e2e/fixtures.ts";
import { rehearsal } from "./rehearsal.ts";

/** After the order journeys, the scrape tells the shop's totals as the database holds them, from either process. */
test("the metrics count the shipped order, its refund and the points it moved", async ({ request }) => {
  const scrape = await request.get("/metrics", { headers: { authorization: `Bearer ${rehearsal.metricsToken}` } });
  expect(scrape.status()).toBe(200);
  const text = await scrape.text();
  expect(text).toMatch(/^shop_orders\{status="shipped"\} 1$/m);
  expect(text).toMatch(/^shop_refunded_cents\{status="succeeded"\} 3445$/m);
  // The order's 68 points, and the 34 its refunded box had earned taken back.
  expect(text).toMatch(/^shop_loyalty_points\{transaction_type="credit",kind="order"\} 68$/m);
  expect(text).toMatch(/^shop_loyalty_points\{transaction_type="debit",kind="refund"\} 34$/m);
});
