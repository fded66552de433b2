import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

const AGE_MESSAGE = /^Enter an age from 18 to 100\. The formula is made for adults/;

async function fillIn(page: Page, answers: { age: string; height: string; weight: string }) {
  await page.getByRole("radio", { name: "Female" }).check();
  await box(page, "Age").fill(answers.age);
  await box(page, "Height").fill(answers.height);
  await box(page, "Weight").fill(answers.weight);
  await page.getByRole("radio", { name: /^Moderately active/ }).check();
  await page.getByRole("radio", { name: "Lose weight" }).check();
}

const box = (page: Page, label: "Age" | "Height" | "Weight") => page.getByRole("textbox", { name: new RegExp(`^${label}`) });
const result = (page: Page) => page.getByRole("region", { name: "Your result" });

test.describe("with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/calorie-calculator");
    await expect(result(page)).toContainText("appear here as soon as all six answers are filled in");
  });

  test("the figures follow the answers as they are typed, and Calculate gives them an address", async ({ page }) => {
    await fillIn(page, { age: "30", height: "170", weight: "65" });
    await expect(result(page)).toContainText("Resting energy1,402 kcal a day");
    await expect(result(page)).toContainText("Daily energy need2,172 kcal a day");
    await expect(result(page)).toContainText("Your daily target1,672 kcal a day");
    await expect(result(page).getByRole("link", { name: "Shop Lean Up Calorie Burning" })).toHaveAttribute(
      "href",
      "/shop/lean-up-calorie-burning",
    );
    await expect(page).toHaveURL(/\/calorie-calculator$/);

    await box(page, "Weight").fill("80");
    await expect(result(page)).toContainText("Resting energy1,552 kcal a day");
    await expect(result(page)).toContainText("Daily energy need2,405 kcal a day");
    await page.getByRole("radio", { name: "Keep my weight" }).check();
    await expect(result(page)).toContainText("Your daily target2,405 kcal a day");

    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(/\?sex=female&age=30&height=170&weight=80&activity=moderate&goal=keep$/);
    await expect(page.getByRole("heading", { name: "Your numbers" })).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test("a failed Calculate moves focus to the first field in error, each message beside its field", async ({ page }) => {
    await box(page, "Age").fill("12");
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page.getByRole("radio", { name: "Female" })).toBeFocused();
    await expect(page.getByRole("radio", { name: "Female" })).toHaveAccessibleDescription(
      "Choose female or male: the formula differs between them.",
    );
    await expect(box(page, "Age")).toHaveAttribute("aria-invalid", "true");
    await expect(box(page, "Age")).toHaveAccessibleDescription(AGE_MESSAGE);
    await expect(box(page, "Height")).toHaveAccessibleDescription("Enter your height in centimetres.");
    await expect(page).toHaveURL(/\/calorie-calculator$/);
    await expectNoAxeViolations(page);

    await page.getByRole("radio", { name: "Male", exact: true }).check();
    await expect(page.getByText("Choose female or male")).toHaveCount(0);
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(box(page, "Age")).toBeFocused();
    await box(page, "Age").fill("40");
    await expect(page.getByText(AGE_MESSAGE)).toHaveCount(0);
  });

  test("the blank page has no WCAG 2.2 AA violations", async ({ page }) => {
    await expectNoAxeViolations(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain form answers on a page of its own, and a wrong answer comes back with its message in focus", async ({
    page,
  }) => {
    await page.goto("/calorie-calculator");
    await expect(result(page)).toContainText("press Calculate");
    await fillIn(page, { age: "30", height: "170", weight: "65" });
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(/\?sex=female&age=30&height=170&weight=65&activity=moderate&goal=lose#result$/);
    await expect(result(page)).toContainText("Resting energy1,402 kcal a day");
    await expect(result(page)).toContainText("Your daily target1,672 kcal a day");
    await expect(result(page)).toContainText("not medical advice");

    await box(page, "Height").fill("2.5");
    await box(page, "Weight").fill("");
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(box(page, "Height")).toBeFocused();
    await expect(box(page, "Height")).toHaveAccessibleDescription("Enter a height from 120 to 230 cm.");
    await expect(box(page, "Weight")).toHaveAccessibleDescription("Enter your weight in kilograms.");
    await expect(box(page, "Age")).toHaveValue("30");
    await expect(result(page)).not.toContainText("kcal a day");
  });
});
