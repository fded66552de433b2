import type { Locator } from "@playwright/test";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { addLycheeBoxes } from "./guest-order.ts";
import { newIdentity, signIn } from "./sign-in.ts";

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
