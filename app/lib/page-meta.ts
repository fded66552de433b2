import type { MetaDescriptor } from "react-router";
import { documentTitle, titleFromPath } from "./page-title.ts";
import type { RootData } from "./root-data.ts";
import { BRAND_PICTURE, type SharePicture } from "./share-picture.ts";

export const DEFAULT_DESCRIPTION =
  "Drinkable nutrition from Singapore: collagen, vitamin and calorie-burning nectars, delivered.";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

const rootDataOf = (matches: ReadonlyArray<MatchLike>) =>
  matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;

export function brandNameOf(matches: ReadonlyArray<MatchLike>): string {
  return rootDataOf(matches)?.brandName ?? "Nectar Lab";
}

/** A path of the shop as the absolute address crawlers need (canonical links), at the site's origin. */
export function absoluteHref(matches: ReadonlyArray<MatchLike>, path: string): string {
  const origin = rootDataOf(matches)?.siteOrigin;
  return origin ? new URL(path, origin).href : path;
}

/** What a shared link to a page says it is, and the picture it shows (the brand's unless given). */
export type ShareCard = { type?: "website" | "product"; picture?: SharePicture };

/**
 * The title and description tags of a page, its own title, else the last path segment, then the
 * brand; and the same for link previews (Open Graph, read by X's cards too), with absolute addresses.
 */
export function pageMeta(
  args: { matches: ReadonlyArray<MatchLike>; location: { pathname: string } },
  title?: string,
  description = DEFAULT_DESCRIPTION,
  { type = "website", picture = BRAND_PICTURE }: ShareCard = {},
): MetaDescriptor[] {
  const brandName = brandNameOf(args.matches);
  const ownTitle = title || titleFromPath(args.location.pathname);
  return [
    { title: documentTitle(ownTitle, brandName) },
    { name: "description", content: description },
    { property: "og:title", content: ownTitle || brandName },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: absoluteHref(args.matches, args.location.pathname) },
    { property: "og:image", content: absoluteHref(args.matches, picture.path) },
    { property: "og:image:width", content: String(picture.width) },
    { property: "og:image:height", content: String(picture.height) },
    { property: "og:image:alt", content: picture.alt },
    { property: "og:site_name", content: brandName },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
