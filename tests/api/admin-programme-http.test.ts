import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishProgrammeDraft } from "../../domain/loyalty/programme-drafts/publish-programme-draft.ts";
import { startProgrammeDraft } from "../../domain/loyalty/programme-drafts/start-programme-draft.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { singaporeDate, singaporeDateTimeText } from "../../kernel/singapore-time.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { openBrowser, type ShopBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const CSRF_FIELD = /<input type="hidden" name="csrf" value="([^"]*)"/;
const HOUR = 60 * 60 * 1000;

describe("withdrawing a scheduled programme version over HTTP", () => {
  let shop: TestServer;
  let owner: ShopBrowser;
  beforeAll(async () => {
    shop = await startTestServer();
    owner = await staffSignIn(shop, TEST_OWNER);
  });
  afterAll(() => shop.close());

  const staff = () => testContext(shop.server.database.db, { viewer: staffWith("programme") });
  const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
  /** A new draft published to take effect two hours from now, on the minute. */
  async function scheduled(): Promise<number> {
    const { number } = await startProgrammeDraft(staff(), {});
    const at = new Date(Math.ceil((Date.now() + 2 * HOUR) / 60_000) * 60_000);
    const time = singaporeDateTimeText(at).slice(11);
    await publishProgrammeDraft(staff(), { number, when: "scheduled", date: singaporeDate(at), time });
    return number;
  }

  it("withdraws the version scheduled last back to a draft, once, and says why it cannot otherwise", async () => {
    const number = await scheduled();
    const page = await text(await owner.get("/admin/programme"));
    expect(page).toContain(`Withdraw version ${number}`);
    const csrf = CSRF_FIELD.exec(page)?.[1] ?? "";
    const post = (fields: Record<string, string>) => owner.post("/admin/programme", { csrf, intent: "withdraw", ...fields });

    const withdrawn = await post({ number: String(number) });
    expect(withdrawn.status).toBe(200);
    expect(await text(withdrawn)).toContain(`Version ${number} is withdrawn: it is draft ${number} again, with its rules.`);
    const again = await post({ number: String(number) });
    expect(again.status).toBe(409);
    expect(await text(again)).toContain(`Version ${number} is a draft, not a published version: there is nothing to withdraw.`);
    const inForce = await post({ number: "1" });
    expect(inForce.status).toBe(409);
    expect(await text(inForce)).toContain("Version 1 took effect on");
    expect((await post({ number: "two" })).status).toBe(400);
    expect((await owner.post("/admin/programme", { intent: "withdraw", number: "1" })).status).toBe(403);
    expect((await openBrowser(shop).post("/admin/programme", { csrf, intent: "withdraw", number: "1" })).status).toBe(404);
  });

  it("says on the draft page what publishing does to the scheduled version, and does it when published now", async () => {
    // The draft withdrawn above is discarded; a version is scheduled and a new draft follows it.
    const draftPage = await text(await owner.get("/admin/programme/draft"));
    const csrf = CSRF_FIELD.exec(draftPage)?.[1] ?? "";
    const first = await owner.post("/admin/programme/draft", { csrf, intent: "discard", number: "2" });
    expect(first.status).toBe(302);
    const number = await scheduled();
    await startProgrammeDraft(staff(), {});
    const page = await text(await owner.get("/admin/programme/draft"));
    expect(page).toContain(`Version ${number} is scheduled to take effect on`);
    expect(page).toContain(`draft ${number + 1} takes version ${number}&#x27;s place`);
    expect(page).toContain(`version ${number} takes effect as scheduled, and draft ${number + 1} follows it`);

    const published = await owner.post("/admin/programme/draft", {
      csrf,
      intent: "publish",
      number: String(number + 1),
      when: "now",
      date: "",
      time: "",
    });
    expect(published.status).toBe(302);
    const landing = await text(await owner.get(published.headers.get("location") ?? ""));
    expect(landing).toContain(`Version ${number + 1} is published`);
    expect(landing).toContain(`Version ${number}, scheduled after it, is a draft again with its rules.`);
  });
});
