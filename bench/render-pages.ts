/**
 * The pages bench/render-cost.ts and bench/render-queries.ts measure — those the page cache cannot
 * serve, or that it misses: two listings, a product, the bag with three lines, /member signed in and
 * the checkout summary with that bag — and the visitors who ask for them. BENCH_PAGES (labels,
 * comma-separated) keeps only some.
 */
import { newPerson, openBrowser } from "../tests/setup/shop-browser.ts";
import type { TestServer } from "../tests/setup/test-server.ts";

export type Visitor = "anonymous" | "bag" | "member";
export type RenderPage = { label: string; path: string; visitor: Visitor; shows: string };

const BAG_OPTIONS = ["op-m8_ba-1b", "op-j4_yz-1b", "op-mpu_pb-1pu"];

export const RENDER_PAGES = (
  [
    { label: "/shop", path: "/shop", visitor: "anonymous", shows: "All drinks" },
    { label: "/shop/luna-collagen", path: "/shop/luna-collagen", visitor: "anonymous", shows: "Luna" },
    { label: "product", path: "/shop/luna-collagen/m8", visitor: "anonymous", shows: "Add to bag" },
    { label: "/bag (3 lines)", path: "/bag", visitor: "bag", shows: "Checkout" },
    { label: "/member", path: "/member", visitor: "member", shows: "Point history" },
    { label: "/checkout/summary (3 lines)", path: "/checkout/summary", visitor: "bag", shows: "Review your bag" },
  ] satisfies RenderPage[]
).filter((page) => !process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(",").includes(page.label));

/** The cookies of each visitor at this shop: none, a bag of three lines (added through the bag form), a member signed in. */
export async function visitorCookies(baseUrl: string): Promise<Record<Visitor, string>> {
  const withBag = openBrowser({ baseUrl } as TestServer);
  for (const optionId of BAG_OPTIONS) {
    const added = await withBag.post("/bag", { intent: "add", optionId, quantity: "1" });
    if (added.status !== 303) throw new Error(`${baseUrl}: adding ${optionId} answered ${added.status}`);
  }
  const member = openBrowser({ baseUrl } as TestServer);
  await member.signIn(newPerson());
  const at = new URL("/", baseUrl);
  return { anonymous: "", bag: withBag.jar.header(at) ?? "", member: member.jar.header(at) ?? "" };
}

/** What the measured requests accept: BENCH_ENCODING, uncompressed (identity) unless it says otherwise. */
export const ACCEPT_ENCODING = process.env.BENCH_ENCODING ?? "identity";

/** A page's request headers for its visitor, asking for the page in ACCEPT_ENCODING. */
export const pageHeaders = (cookies: Record<Visitor, string>, page: RenderPage): Record<string, string> => ({
  "accept-encoding": ACCEPT_ENCODING,
  ...(cookies[page.visitor] ? { cookie: cookies[page.visitor] } : {}),
});

/** Fetches a page (or its `.data`) as its visitor; refuses any answer but 200. */
export async function fetchPage(
  baseUrl: string,
  cookies: Record<Visitor, string>,
  page: RenderPage,
  suffix = "",
): Promise<string> {
  const response = await fetch(`${baseUrl}${page.path}${suffix}`, { headers: pageHeaders(cookies, page) });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`${baseUrl}${page.path}${suffix} answered ${response.status}: ${text.slice(0, 300)}`);
  return text;
}
