import { randomUUID } from "node:crypto";
import type { Locator } from "@playwright/test";
import { eq } from "drizzle-orm";
import { memberAddresses } from "../../db/schema/member-addresses.ts";
import { members } from "../../db/schema/members.ts";
import { addDaysToDate, singaporeDate } from "../../kernel/singapore-time.ts";
import { insertSubscription } from "../setup/subscription-fixtures.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { addLycheeBoxes } from "./guest-order.ts";
import { closeOwnShop } from "./own-shop.ts";
import { continueAtProvider, newIdentity, signIn } from "./sign-in.ts";

type Place = { label: string; name: string; mobile: string; street: string; unit: string; postalCode: string };

const HOME: Place = {
  label: "Home",
  name: "Nur Aisyah",
  mobile: "9123 4567",
  street: "10 Jurong West St 41",
  unit: "#05-12",
  postalCode: "649413",
};
const OFFICE: Place = {
  label: "Office",
  name: "Nur Aisyah",
  mobile: "8123 4567",
  street: "1 Raffles Place",
  unit: "#30-01",
  postalCode: "048616",
};

async function fillAddress(form: Locator, place: Partial<Place>) {
  const fields: [keyof Place, string][] = [
    ["label", "Name for this address"],
    ["name", "Recipient's full name"],
    ["mobile", "Mobile number"],
    ["street", "Street address"],
    ["unit", "Unit number (optional)"],
    ["postalCode", "Postal code"],
  ];
  for (const [key, label] of fields) {
    const value = place[key];
    if (value !== undefined) await form.getByLabel(label).fill(value);
  }
}

test("a member keeps two addresses, makes one the default, checks out to the other and changes one", async ({ page }) => {
  test.slow(); // a checkout and three pages checked at two widths
  await signIn(page, newIdentity("Google", "Nur Aisyah"));
  await page.goto("/member/account");
  const book = page.getByRole("region", { name: "Address book" });
  await expect(book.getByText("You have no saved addresses yet.")).toBeVisible();

  for (const place of [HOME, OFFICE]) {
    const form = book.getByRole("form", { name: "Add an address" });
    await fillAddress(form, place);
    await form.getByRole("button", { name: "Save the address" }).click();
    await expect(book.getByRole("status")).toHaveText("The address is saved in your address book.");
  }
  const entries = book.getByTestId("saved-address");
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText("Home");
  await expect(entries.first()).toContainText("Default");

  await book.getByRole("button", { name: "Make Office the default" }).click();
  await expect(book.getByRole("status")).toHaveText("That address is now your default.");
  await expect(entries.first()).toContainText("Office");
  await expect(entries.first()).toContainText("Default");
  await expectAccessibleAtBothWidths(page, "address-book");

  await addLycheeBoxes(page);
  await page.goto("/checkout/shipping");
  const choice = page.getByRole("group", { name: "Deliver to" });
  await expect(choice.getByRole("radio", { name: /^Office/ })).toBeChecked();
  // A saved address chosen fills the delivery details: the fields for them are out of the way.
  await expect(page.getByLabel("Full name")).toBeHidden();
  await choice.getByRole("radio", { name: /^Home/ }).check();
  await expect(page.getByLabel("Postal code")).toBeHidden();
  await expectAccessibleAtBothWidths(page, "shipping-saved-addresses");
  await choice.getByRole("radio", { name: "A new address" }).check();
  await expect(page.getByLabel("Full name")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Save to my address book" })).toBeVisible();
  await choice.getByRole("radio", { name: /^Home/ }).check();

  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByRole("heading", { name: `Thank you, ${HOME.name}!` })).toBeVisible();

  await page.goto("/member/account");
  await book.getByRole("link", { name: "Change Home" }).click();
  const edit = book.getByRole("form", { name: "Change Home" });
  await expect(edit.getByLabel("Street address")).toHaveValue(HOME.street);
  await fillAddress(edit, { unit: "#06-12" });
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(book.getByRole("status")).toHaveText("The address is changed.");
  await expect(book.getByText(`${HOME.street}, #06-12, Singapore ${HOME.postalCode}`)).toBeVisible();
});

test.describe("a subscription ships to a saved address", () => {
  let shop: TestServer;
  test.beforeAll(async () => {
    // A shop of its own, whose database the journey writes the subscription into.
    test.setTimeout(120_000);
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  test.afterAll(() => closeOwnShop(shop));

  test("a member sends their boxes to an address from their book", async ({ page }) => {
    const at = (path: string) => `${shop.baseUrl}${path}`;
    const db = shop.server.database.db;
    const identity = newIdentity("Google", "Nurul Huda");
    await page.goto(at("/member/login?redirect=%2Fmember"));
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await continueAtProvider(page, identity);
    await expect(page).toHaveURL(at("/member"));
    const [member] = await db.select({ id: members.id }).from(members).where(eq(members.email, identity.email));
    if (!member) throw new Error("no member");
    await insertSubscription(db, { memberId: member.id, nextRenewalOn: addDaysToDate(singaporeDate(new Date()), 10) });
    const { label, name, street, unit, postalCode } = OFFICE;
    const mobile = "+6581234567"; // as the book stores it
    await db
      .insert(memberAddresses)
      .values({ id: randomUUID(), memberId: member.id, label, name, mobile, street, unit, postalCode, isDefault: true });

    await page.goto(at("/member/subscriptions"));
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2 }) });
    await card.getByText("Change the address").click();
    const book = card.getByRole("group", { name: "From your address book" });
    await book.getByRole("radio", { name: /^Office/ }).check();
    await expectAccessibleAtBothWidths(page, "subscription-saved-address");
    await card.getByRole("button", { name: "Ship here" }).click();
    await expect(card.getByRole("status")).toHaveText(
      `Your boxes now go to ${name}, ${street}, ${unit}, Singapore ${postalCode}.`,
    );
    await expect(card).toContainText(`${name}, ${street}, ${unit}, Singapore ${postalCode}`);
  });
});
