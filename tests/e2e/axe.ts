import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** The rules every page is held to: WCAG 2.2 level AA and everything below it. */
export const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const WIDTHS = [390, 1440];

/** `exclude`: parts checked elsewhere, such as sandboxed frames no script may enter (checked as pages of their own). */
export async function expectNoAxeViolations(page: Page, what?: string, exclude?: string) {
  const builder = new AxeBuilder({ page }).withTags(WCAG_22_AA);
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
    what,
  ).toEqual([]);
}

/** The page passes axe and fits the screen's width at a phone's and a laptop's width; SHOTS_DIR=/folder keeps screenshots to look at. */
export async function expectAccessibleAtBothWidths(page: Page, name: string, exclude?: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // From the top of the page: scrolled, the sticky header covers whatever passes under it, which
    // axe would count against that content's target size wherever the last click left the page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page, `${name} at ${width}px`, exclude);
    // A page wider than the screen scrolls sideways as a whole (a phone zooms out to fit it); only
    // a table's own box may scroll.
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth, `${name} at ${width}px is ${pageWidth}px wide`).toBeLessThanOrEqual(width);
    const dir = process.env.SHOTS_DIR;
    if (dir) await page.screenshot({ path: `${dir}/${test.info().project.name}-${name}-${width}.png`, fullPage: true });
  }
}
