import type { BrowserContextOptions, Page } from "@playwright/test";
import { expect, test } from "../e2e/fixtures.ts";
import { expectPoints } from "../e2e/member-points.ts";
import { continueAtProvider, newIdentity } from "../e2e/sign-in.ts";
import { emailsAbout, rehearsal, staffSignsIn } from "./rehearsal.ts";
import { closeDatabase, query, stripeChargesOf } from "./shop-database.ts";

test.describe.configure({ mode: "serial" });
test.afterAll(closeDatabase);

const member = newIdentity("Google", "Wong Kai Xin");
let memberState: BrowserContextOptions["storageState"];
let subscription = { id: "", memberId: "", customer: "", paymentMethod: "" };
/** The renewal order's confirmation email's opening line. */
let renewalConfirmation = "";

type PlacedOrder = { id: string; invoice_id: string; payment_intent_id: string | null; price_cents: number };
const ordersOfMember = () =>
  query<PlacedOrder>(
    "select id, invoice_id, payment_intent_id, price_cents from orders where member_id = $1 order by created_at",
    [subscription.memberId],
  );
const renewalsOfSubscription = () =>
  query<{ outcome: string; attempts: number; order_id: string | null; payment_intent_id: string | null }>(
    "select outcome, attempts, order_id, payment_intent_id from subscription_renewals where subscription_id = $1",
    [subscription.id],
  );

test("a member subscribes on a product page, signs in when checkout asks, and pays on the card page with the consent beside the button", async ({
  page,
}) => {
  await page.goto("/shop/luna-collagen/m8");
  const choice = page.getByRole("group", { name: "One-off or subscribe" });
  await choice.getByRole("radio", { name: "Every 4 weeks" }).check();
  await page.getByRole("button", { name: "Add to bag" }).click();
  await expect(page.getByRole("status")).toContainText("Added to your bag.");

  await page.goto("/bag");
  await expect(page.getByTestId("line-renewal")).toHaveText("Each renewal: S$38.05 with shipping, at today's prices");
  await page.getByRole("link", { name: "Checkout" }).click();
  const signIn = page.getByTestId("subscription-sign-in");
  await signIn.getByRole("link", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await continueAtProvider(page, member);
  await expect(page).toHaveURL(`${rehearsal.shopUrl}/checkout/shipping`);

  await expect(page.getByTestId("subscription-consent")).toContainText("charges it S$38.05 every 4 weeks");
  await page.getByLabel("Mobile number").fill("9123 4567");
  await page.getByLabel("Address", { exact: true }).fill("Blk 123 Tampines St 11, #04-56");
  await page.getByLabel("Postal code").fill("521123");
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await expect(page.locator("main")).toContainText("keeps this card and charges it S$38.05 every 4 weeks");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay S$38.05" }).click();

  await expect(page).toHaveURL(new RegExp(`^${rehearsal.shopUrl}/checkout/complete/cs_test_`));
  const started = page.getByRole("region", { name: "Your subscription has started" });
  await expect(started.getByTestId("started-subscriptions")).toContainText("every 4 weeks, next on");
  await page.screenshot({ path: test.info().outputPath("subscription-started.png"), fullPage: true });

  // The subscription keeps the customer and card the stand-in saved, for charges without the member.
  const [row] = await query<{ id: string; member_id: string; provider_customer_id: string; payment_method_id: string }>(
    `select s.id, s.member_id, s.provider_customer_id, s.payment_method_id
       from subscriptions s join members m on m.id = s.member_id where m.email = $1 and s.status = 'active'`,
    [member.email],
  );
  if (!row) throw new Error(`${member.email} has no active subscription`);
  expect(row.provider_customer_id).toMatch(/^cus_/);
  expect(row.payment_method_id).toMatch(/^pm_/);
  subscription = {
    id: row.id,
    memberId: row.member_id,
    customer: row.provider_customer_id,
    paymentMethod: row.payment_method_id,
  };
  expect(await ordersOfMember()).toHaveLength(1);
  memberState = await page.context().storageState();
});

test("the renewal job, run from the back office on a due date, charges the kept card once and places the renewal with its points", async ({
  page,
  browser,
}) => {
  const memberPage = await (await browser.newContext({ storageState: memberState })).newPage();
  // 50 for joining, then the first box's S$33.15 of goods.
  await expectPoints(memberPage, "83", /Ordered.*\+33 points/);

  // The date comes to the subscription instead of the test waiting for it.
  await query("update subscriptions set next_renewal_on = (now() at time zone 'Asia/Singapore')::date where id = $1", [
    subscription.id,
  ]);
  await staffSignsIn(page);
  await runRenewalsNow(page);

  await expect.poll(async () => (await ordersOfMember()).length, { timeout: 30_000 }).toBe(2);
  const [, renewal] = await ordersOfMember();
  expect(renewal?.payment_intent_id).toMatch(/^pi_/);
  expect(renewal?.price_cents).toBe(3805);
  expect(await renewalsOfSubscription()).toEqual([
    { outcome: "paid", attempts: 1, order_id: renewal?.id, payment_intent_id: renewal?.payment_intent_id },
  ]);
  await expectOneCharge(renewal?.payment_intent_id);

  renewalConfirmation = `Thank you for your order ${renewal?.invoice_id}, paid on`;
  await expect.poll(async () => (await emailsAbout(renewalConfirmation)).length, { timeout: 30_000 }).toBe(1);
  // The renewal's S$33.15 of goods earn 33 points, like any order.
  await expectPoints(memberPage, "116", /Ordered.*\+33 points/);
});

test("the renewal job run again, once alone and by two staff at once through nginx, charges and orders nothing more", async ({
  page,
  browser,
}) => {
  await staffSignsIn(page);
  await runRenewalsNow(page);
  await expect.poll(() => ownerRunsDone(page), { timeout: 30_000 }).toBe(2);

  const other = await (await browser.newContext()).newPage();
  await staffSignsIn(other);
  const [one, two] = await Promise.all([askForRun(page), askForRun(other)]);
  // The queue keeps one run at a time: the second ask is told a run is on its way, or queues the next.
  const queued = [one, two].filter((said) => said.includes(QUEUED)).length;
  expect(queued).toBeGreaterThanOrEqual(1);
  for (const said of [one, two]) if (!said.includes(QUEUED)) expect(said).toContain("A run is queued or running already");
  await expect.poll(() => ownerRunsDone(page), { timeout: 30_000 }).toBe(2 + queued);

  const orders = await ordersOfMember();
  expect(orders).toHaveLength(2);
  expect(await renewalsOfSubscription()).toHaveLength(1);
  await expectOneCharge(orders[1]?.payment_intent_id);
  expect(await emailsAbout(renewalConfirmation)).toHaveLength(1);
});

/** The stand-in made exactly one off-session charge for the subscription, the one the renewal order names. */
async function expectOneCharge(paymentIntentId: string | null | undefined) {
  const charges = (await stripeChargesOf(subscription.customer)).filter(
    (charge) => charge.metadata.subscriptionId === subscription.id,
  );
  expect(charges).toEqual([
    expect.objectContaining({
      id: paymentIntentId,
      status: "succeeded",
      amount: 3805,
      payment_method: subscription.paymentMethod,
    }),
  ]);
}

const RUN_NOW = "Run renew the subscriptions due now";
/** What the jobs page says when it queued the run asked for. */
const QUEUED = "is queued: it runs within seconds";

/** Asks for a renewal run on the jobs page and answers what the page said. */
async function askForRun(page: Page): Promise<string> {
  await page.goto("/admin/jobs");
  await page.getByRole("button", { name: RUN_NOW }).click();
  const said = page.getByRole("status").or(page.getByRole("alert"));
  await expect(said).toBeVisible();
  return (await said.textContent()) ?? "";
}

/** Queues a renewal run, asking again while the schedule's own run (every 15 minutes) holds the queue. */
async function runRenewalsNow(page: Page) {
  await expect(async () => expect(await askForRun(page)).toContain(QUEUED)).toPass({ timeout: 30_000 });
}

/** How many of the renewal job's runs the owner asked for have run, as the jobs page lists them. */
async function ownerRunsDone(page: Page): Promise<number> {
  await page.goto("/admin/jobs");
  const runs = page.getByRole("table", { name: "Renew the subscriptions due: the latest runs" }).getByRole("row");
  return runs.filter({ hasText: rehearsal.ownerEmail }).filter({ hasText: "Ran" }).count();
}
