import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProductCardData } from "../../app/components/product-card.tsx";
import { ProductGrid } from "../../app/components/product-grid.tsx";
import { RenderedOnce } from "../../app/components/rendered-once.tsx";
import { renderedOnce } from "../../app/lib/rendered-once.server.ts";
import { SEEDED_STANDARD } from "../setup/seeded-delivery.ts";

/** A part as the browser renders it, and as the server does with what it rendered once. */
const inBrowser = (part: ReactElement) => renderToString(createElement(MemoryRouter, null, part));
const onServer = (part: ReactElement) => inBrowser(createElement(RenderedOnce.Provider, { value: renderedOnce }, part));

describe("parts rendered once on the server", () => {
  const card = (id: string, name: string, fromPriceCents: number): ProductCardData => ({
    id,
    name,
    path: `/shop/luna-collagen/${id}`,
    seriesTitle: "Luna Collagen",
    summary: "Collagen & vitamin C",
    photo: { hash: "0123456789abcdef", alt: "A box of Luna Collagen in Berries Acai", width: 960, height: 960 },
    flavourCount: 3,
    fromPriceCents,
    bestSavingCents: 500,
    soldOut: false,
    rating: { average: 4.5, count: 12 },
  });

  it("of a grid of cards are the markup the browser renders, and another grid's cards are its own", () => {
    const grid = createElement(ProductGrid, { cards: [card("m8", "Luna 8", 3900), card("mpu", "Luna pouch", 12900)] });
    const cheaper = createElement(ProductGrid, { cards: [card("m8", "Luna 8", 3500), card("mpu", "Luna pouch", 12900)] });
    expect(inBrowser(grid)).toContain('href="/shop/luna-collagen/m8"');
    expect(inBrowser(grid)).toContain("<!-- -->");
    expect(onServer(grid)).toBe(inBrowser(grid));
    expect(onServer(grid)).toBe(inBrowser(grid));
    expect(onServer(cheaper)).toBe(inBrowser(cheaper));
    expect(onServer(cheaper)).toContain("S$35.00");
    expect(onServer(grid)).toContain("S$39.00");
  });

  it("of the footer are the markup the browser renders, for each brand name", async () => {
    // The build's version and time, which the app's bundler writes in.
    Object.assign(globalThis, { __APP_BUILD__: { version: "1.2.3", builtAt: "2026-12-01T00:00:00.000Z" } });
    const { SiteFooter } = await import("../../app/components/site-footer.tsx");
    for (const brandName of ["Nectar Lab", "Another & Co"]) {
      const footer = createElement(SiteFooter, { brandName, delivery: SEEDED_STANDARD });
      expect(onServer(footer)).toBe(inBrowser(footer));
      expect(onServer(footer)).toContain(brandName.replace("&", "&amp;"));
    }
  });
});
