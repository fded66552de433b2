import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { openBrowser, type ShopBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { queryRows } from "../setup/test-database.ts";
import { eventually } from "../setup/test-jobs.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const CSRF_FIELD = /<input type="hidden" name="csrf" value="([^"]*)"/;

describe("running a scheduled job now from the jobs page over HTTP", () => {
  let shop: TestServer;
  let owner: ShopBrowser;
  beforeAll(async () => {
    shop = await startTestServer();
    owner = await staffSignIn(shop, TEST_OWNER);
  });
  afterAll(() => shop.close());

  const page = async () => (await (await owner.get("/admin/jobs")).text()).replaceAll("<!-- -->", "");
  const waiting = () =>
    queryRows<{ count: number }>(
      shop.server.database.db,
      sql`select count(*)::int as count from pgboss.job where name = 'loyalty-maintenance' and state in ('created', 'retry', 'active')`,
    );

  it("queues one run for two clicks at once, shows it queued, then what it did", async () => {
    // The run the shop makes as it starts is over first.
    await eventually(waiting, ([row]) => row?.count === 0);
    const html = await page();
    expect(html).toContain("Run loyalty upkeep (tiers, expiries) now");
    const csrf = CSRF_FIELD.exec(html)?.[1] ?? "";
    const run = () => owner.post("/admin/jobs", { csrf, intent: "run", name: "loyalty-maintenance" });
    const answers = await Promise.all([run(), run()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const texts = await Promise.all(answers.map((answer) => answer.text()));
    expect(texts.join()).toContain("Loyalty upkeep (tiers, expiries) is queued: it runs within seconds");
    expect(texts.join()).toContain("A run is queued or running already, and it runs once at a time");

    // The owner's run in a row of its own: ran, and as the shop's start-up run had, found nothing due.
    const ownersRun = new RegExp(`${TEST_OWNER.email}(?:(?!</tr>).)*Ran</span>(?:(?!</tr>).)*Nothing was due\\.`, "s");
    await eventually(page, (text) => ownersRun.test(text));
    const audited = await queryRows<{ actor: string }>(
      shop.server.database.db,
      sql`select actor_email as actor from audit_log where action = 'job.run'`,
    );
    expect(audited).toEqual([{ actor: TEST_OWNER.email }]);
  });

  it("refuses a job that is not scheduled, a post without the page's token, and anyone outside the back office", async () => {
    const csrf = CSRF_FIELD.exec(await page())?.[1] ?? "";
    expect((await owner.post("/admin/jobs", { csrf, intent: "run", name: "send-email" })).status).toBe(400);
    expect((await owner.post("/admin/jobs", { intent: "run", name: "loyalty-maintenance" })).status).toBe(403);
    expect((await openBrowser(shop).post("/admin/jobs", { csrf, intent: "run", name: "loyalty-maintenance" })).status).toBe(404);
  });
});
