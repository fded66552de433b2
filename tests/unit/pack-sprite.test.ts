import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DrawnOnce, type Pack, PackIllustration, PackSprite } from "../../app/components/pack-illustration.tsx";
import { drawnOnce } from "../../app/lib/drawn-once.server.ts";

const LISTING: Pack[] = [
  { seriesCode: "m", flavourName: "Berries Acai", kind: "box" },
  { seriesCode: "m", flavourName: "Berries Acai", kind: "pouch" },
  { seriesCode: "v", flavourName: null, kind: "shots" },
  { seriesCode: "j", flavourName: "Mocha & Cream", kind: "box" },
  {
    seriesCode: "l",
    flavourName: null,
    kind: "bundle",
    bundle: { flavours: ["Berries Acai", "Lychee Luxe", "Strawberry Bliss"], boxes: 5 },
  },
];

describe("pack drawings", () => {
  it("of a listing's sprite are drawn on the server as the very markup the browser renders, whether drawn now or remembered", () => {
    const inBrowser = renderToString(createElement(PackSprite, { packs: LISTING }));
    const onServer = () =>
      renderToString(createElement(DrawnOnce.Provider, { value: drawnOnce }, createElement(PackSprite, { packs: LISTING })));
    expect(inBrowser).toContain('id="pack-carton-j-mocha-cream"');
    expect(inBrowser).toContain("Mocha &amp; Cream");
    expect(onServer()).toBe(inBrowser);
    expect(onServer()).toBe(inBrowser);
  });

  it.each(LISTING)("of a product page's pack are the markup the browser renders: $kind, $flavourName", (pack) => {
    const page = createElement(PackIllustration, { ...pack, title: "A pack" });
    const inBrowser = renderToString(page);
    const onServer = () => renderToString(createElement(DrawnOnce.Provider, { value: drawnOnce }, page));
    expect(onServer()).toBe(inBrowser);
    expect(onServer()).toBe(inBrowser);
  });
});
