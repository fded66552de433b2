import { data, redirect } from "react-router";
import { PRODUCTS_PER_PAGE, type ProductSlice } from "../../domain/catalog/list-products.ts";
import type { PageLinks } from "./listing-links.ts";
import { requestPath } from "./request-path.ts";

const PAGE_NUMBER = /^[1-9][0-9]{0,5}$/;

/**
 * One page of a listing, as the `?page=N` of its address asks: `?page=1` moves to the bare address,
 * and a page that is not a whole number from 1 to the last page is not found (404).
 */
export async function listingPage(request: Request, slice: (offset: number, limit: number) => Promise<ProductSlice>) {
  const url = new URL(request.url);
  const path = requestPath(request);
  const asked = url.searchParams.getAll("page");
  const notFound = () => data(`Page not found: ${path}${url.search}`, { status: 404 });
  if (asked.length > 1 || (asked.length === 1 && !PAGE_NUMBER.test(asked[0] ?? ""))) throw notFound();
  const page = asked.length === 1 ? Number(asked[0]) : 1;
  if (asked.length === 1 && page === 1) throw redirect(path, 301);
  const { products, totalCount } = await slice((page - 1) * PRODUCTS_PER_PAGE, PRODUCTS_PER_PAGE);
  const pageCount = Math.max(1, Math.ceil(totalCount / PRODUCTS_PER_PAGE));
  if (page > pageCount) throw notFound();
  const links: PageLinks = { path, page, pageCount };
  return { products, totalCount, links };
}
