import type { MetaDescriptor } from "react-router";
import { absoluteHref } from "./page-meta.ts";

/** Which page of a listing this is, and how many it has; what the pager and the meta tags need. */
export type PageLinks = { path: string; page: number; pageCount: number };

/** A listing's address for one of its pages: page 1 is the bare path, the canonical one. */
export function pageHref(path: string, page: number): string {
  return page === 1 ? path : `${path}?page=${page}`;
}

/** A page's title with its page number after the first, so each page of a listing has its own. */
export function pageTitle(title: string | undefined, links: PageLinks | undefined): string | undefined {
  return title && links && links.page > 1 ? `${title}, page ${links.page}` : title;
}

/** The canonical address of a listing's page, absolute, for its meta tags. */
export function canonicalLink(args: Parameters<typeof absoluteHref>[0], links: PageLinks | undefined): MetaDescriptor[] {
  return links ? [{ tagName: "link", rel: "canonical", href: absoluteHref(args, pageHref(links.path, links.page)) }] : [];
}
