import { expect, test } from "../e2e/fixtures.ts";
import { rehearsal } from "./rehearsal.ts";

/**
 * The probes and the metrics scrape, to the contract of the shop's metrics endpoint: GET /metrics
 * with `Authorization: Bearer $METRICS_TOKEN` answers Prometheus text, without it a 404; /healthz
 * answers 200 while alive, /readyz 200 when ready (503 while starting or stopping).
 */
test.describe("probes and metrics", () => {
  test("both shop processes are alive and ready before the journeys", async ({ request }) => {
    for (const { port } of rehearsal.shops) {
      expect((await request.get(`http://127.0.0.1:${port}/healthz`)).status()).toBe(200);
      expect((await request.get(`http://127.0.0.1:${port}/readyz`)).status()).toBe(200);
    }
  });

  test("/metrics is scraped through nginx with the token, and is not there without it", async ({ request }) => {
    const scrape = await request.get("/metrics", { headers: { authorization: `Bearer ${rehearsal.metricsToken}` } });
    expect(scrape.status()).toBe(200);
    expect(scrape.headers()["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await scrape.text()).toMatch(/^http_requests_total\{/m);
    expect((await request.get("/metrics")).status()).toBe(404);
    expect((await request.get("/metrics", { headers: { authorization: "Bearer not-the-token" } })).status()).toBe(404);
  });
});
