import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { layoutShifts } from "./layout-shift.ts";

for (const [name, path] of [
  ["home", "/"],
  ["product", "/shop/luna-collagen/m8"],
] as const) {
  test(`the ${name} page is set in the brand face, and nothing moves`, async ({ page }) => {
    // `optional`: a face that comes later than the first paint is not used on that page, which on a
    // first visit depends on how fast the file comes; once it is cached (for a year) it always is.
    await page.goto(path);
    await page.reload();
    const faces = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((face) => face.family === "Figtree").map((face) => face.status);
    });
    expect(faces).toEqual(["loaded"]);
    // The faces Chromium drew the text of the heading and of a paragraph with, as its developer tools report them.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument");
    for (const selector of ["h1", "main p"]) {
      const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
      const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
      // The variable file names itself by its default instance, "Figtree Light", whatever weight is drawn.
      expect(
        fonts.map((font) => [font.isCustomFont, font.familyName.split(" ")[0]]),
        `${path} ${selector}`,
      ).toEqual([[true, "Figtree"]]);
    }
    expect(await layoutShifts(page)).toEqual([]);
    await expectAccessibleAtBothWidths(page, `brand-type-${name}`);
  });
}

const PAGES = ["/", "/shop/luna-collagen/m8", "/shop/luna-collagen"];

for (const width of [390, 1440]) {
  test(`without the brand face (blocked, or too late on a first visit) text takes the same height in Arial sized to it, at ${width}px`, async ({
    browser,
    baseURL,
  }) => {
    /** The heights of each page's heading and first paragraph, with the face cached or with it refused. */
    async function heights(blocked: boolean): Promise<number[][]> {
      const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        if (blocked) await page.route(/\.woff2$/, (route) => route.abort());
        await page.goto("/");
        const measured: number[][] = [];
        for (const path of PAGES) {
          await page.goto(path);
          measured.push(
            await page.evaluate(async () => {
              await document.fonts.ready;
              const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().height ?? 0;
              return [box("h1"), box("main p")];
            }),
          );
        }
        return measured;
      } finally {
        await context.close();
      }
    }
    // Lines break where the words' widths fall, which no fallback matches everywhere: a page may
    // differ in length, but a line takes Figtree's height and a paragraph about its width.
    expect(await heights(true)).toEqual(await heights(false));
  });
}
