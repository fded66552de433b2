import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { startWebhookReceiver, verifiesWith } from "../setup/webhook-receiver.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { buyAsGuest } from "./guest-order.ts";

/** The receiver's port: beside the shop's own (E2E_PORT), so runs on other ports do not collide. */
const RECEIVER_PORT = Number(process.env.E2E_PORT ?? 3210) + 1;

test("a webhook endpoint receives a signed order-paid event after a checkout, and a redelivery from the back office", async ({
  page,
  browser,
}) => {
  const receiver = await startWebhookReceiver({}, RECEIVER_PORT);
  try {
    const url = receiver.url(`/hooks/${Date.now()}`);
    const path = new URL(url).pathname;
    const staff = await (await browser.newContext()).newPage();
    await staff.goto("/admin/login");
    await staff.getByRole("button", { name: "Continue with Google" }).click();
    await staff.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
    await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Webhooks" }).click();
    const create = staff.getByRole("region", { name: "New endpoint", exact: true });
    await create.getByLabel("URL (https)").fill(url);
    await create.getByLabel("Description (optional)").fill("Warehouse");
    await create.getByRole("checkbox", { name: /Order refunded/ }).check();
    await create.getByRole("button", { name: "Register endpoint" }).click();
    await expect(staff.getByRole("status")).toHaveText(`Registered ${url}. Copy its signing secret now: it is not shown again.`);
    const secret = (await staff.getByTestId("webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);

    const invoiceId = await buyAsGuest(page, "+6591230451");
    await expect.poll(() => receiver.at(path).map((request) => JSON.parse(request.body).data?.invoiceId)).toContain(invoiceId);
    const [delivered] = receiver.at(path);
    if (!delivered) throw new Error("nothing received");
    expect(verifiesWith(secret, delivered)).toBe(true);
    const event = JSON.parse(delivered.body);
    expect(event).toMatchObject({ type: "order.paid", data: { invoiceId, memberId: null } });
    expect(delivered.headers["webhook-id"]).toBe(event.id);

    const row = staff.getByRole("row").filter({ hasText: event.id });
    // The attempt is recorded once the endpoint's answer is in: the page shows it from then on.
    await expect(async () => {
      await staff.reload();
      await expect(row.getByText("Delivered")).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(staff.getByText(secret)).toHaveCount(0);
    await expect(row.locator("summary")).toContainText(/HTTP 200 in \d+ ms · 1 attempt/);
    await expectAccessibleAtBothWidths(staff, "webhooks");
    // At a phone's width only the tables scroll sideways, never the page.
    await staff.setViewportSize({ width: 390, height: 900 });
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await row.getByRole("button", { name: /^Redeliver/ }).click();
    await expect(staff.getByRole("status")).toHaveText(`Event ${event.id} is on its way to ${url} again.`);
    await expect.poll(() => receiver.at(path).filter((request) => request.headers["webhook-id"] === event.id).length).toBe(2);
    const redelivered = receiver.at(path)[1];
    if (!redelivered) throw new Error("no redelivery");
    expect(verifiesWith(secret, redelivered)).toBe(true);
    expect(redelivered.body).toBe(delivered.body);

    // Switched off, the endpoint hears no more of this run's orders.
    const endpoint = staff.getByRole("row").filter({ hasText: url }).first();
    await endpoint.locator("summary").click();
    await endpoint.getByRole("checkbox", { name: "On", exact: true }).uncheck();
    await endpoint.getByRole("button", { name: "Save" }).click();
    await expect(staff.getByRole("status")).toHaveText(`Saved ${url}; it is off.`);
  } finally {
    await receiver.close();
  }
});
