/** A picture a shared link shows: a site path, its size in pixels and what it shows. */
export type SharePicture = { path: string; width: number; height: number; alt: string };

/**
 * What a link to any page but a product's shows when shared: the shop's four lines, at the 1.91:1
 * size link previews show large. Drawn by scripts/share-picture.ts into public/.
 */
export const BRAND_PICTURE: SharePicture = {
  path: "/share-picture.jpg",
  width: 1200,
  height: 630,
  alt: "Drinkable nutrition: LUNA collagen, V5 vitality, JOFFEE jelly coffee and LEAN-UP",
};
