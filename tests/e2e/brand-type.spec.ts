import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { layoutShifts } from "./layout-shift.ts";

for (const [name, path] of [
  ["home", "/"],
  ["product", "/shop/luna-collagen/m8"],
]) {
  test(`the ${name} page is set in the brand face from its first paint, and nothing moves`, async ({ page }) => {
    await page.goto(path);
    // Preloaded and `optional`: the face is there for the first paint or not used at all on this visit.
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
