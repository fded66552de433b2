import { SERIES, seriesSlug, seriesTitle } from "../../kernel/series.ts";

export const SERIES_LINKS = SERIES.map((series) => ({
  code: series.code,
  title: seriesTitle(series),
  shortTitle: series.name,
  href: `/shop/${seriesSlug(series)}`,
}));

/** The header's shop navigation: everything, each line, then the bundles. */
export const SHOP_NAV = [
  { href: "/shop", title: "Shop all", shortTitle: "All" },
  ...SERIES_LINKS,
  { href: "/shop/sale", title: "Bundles & sale", shortTitle: "Sale" },
];

/**
 * The link of SHOP_NAV a page is under: "/shop" on itself only, a line's or the bundles' on their own
 * pages and those below them; null elsewhere.
 */
export function currentShopLink(pathname: string): string | null {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  if (path === "/shop") return "/shop";
  return SHOP_NAV.find((link) => link.href !== "/shop" && (path === link.href || path.startsWith(`${link.href}/`)))?.href ?? null;
}
