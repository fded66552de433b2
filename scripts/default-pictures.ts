/**
 * Draws each product's default picture (the product as it is sold, scripts/pack-shots/) and puts it
 * through the photo pipeline an upload goes through: the same checks, name and variants. The variants
 * go to public/photos/ under the names photos are served by, and what each picture shows is listed in
 * domain/catalog/photos/default-pictures.json (decision 061). Run it after changing the drawings or the
 * catalogue's seed: `node scripts/default-pictures.ts`.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import sharp from "sharp";
import { openDatabase } from "../db/client.ts";
import { seedCatalog } from "../db/seed/seed.ts";
import { loadProducts } from "../domain/catalog/load-catalog.ts";
import { kindKey, type PictureSubject, pictureKey, pictureSubject } from "../domain/catalog/photos/default-pictures.ts";
import { PHOTO_MAX_PIXELS } from "../domain/catalog/photos/photo-limits.ts";
import { acceptedPicture } from "../domain/catalog/photos/photo-rules.ts";
import {
  PHOTO_FORMATS,
  type PhotoRef,
  parsePhotoFileName,
  photoFileName,
  variantWidths,
} from "../domain/catalog/photos/photo-variants.ts";
import type { Product } from "../domain/catalog/types.ts";
import { createSharpPictureEncoder } from "../integrations/images/photo-encoder.ts";
import { SERIES, seriesByCode, seriesTitle } from "../kernel/series.ts";
import { LINES } from "./pack-shots/pack-colours.ts";
import { packScene } from "./pack-shots/pack-scene.ts";

/** Pixels a side: the product page's picture at its widest (448 CSS pixels) on a 2x screen, as the 960 variant. */
const SIDE = 960;
const KINDS: Product["kind"][] = ["box", "shots", "pouch", "bundle"];

const listed = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");

/** What the picture shows, in words, for those who cannot see it. */
export function altText({ seriesCode, kind, flavours, boxes }: PictureSubject): string {
  const series = seriesByCode(seriesCode);
  const line = series ? seriesTitle(series) : seriesCode;
  const flavour = flavours[0] ? ` in ${flavours[0]}` : "";
  if (kind === "box") return `A box of ${line}${flavour}, with three of its ${LINES[seriesCode].sachets}`;
  if (kind === "shots") return `A box of ${line} shots${flavour}, with seven of its bottles`;
  if (kind === "pouch") return `A stand-up pouch of ${line}${flavour}`;
  return `${boxes ? `${boxes} boxes` : "Boxes"} of ${line} in ${listed(flavours)}`;
}

/** Each line's kinds in its first flavour, and its bundle of every flavour: for products added without a drawing of their own. */
function kindSubjects(): [string, PictureSubject][] {
  return SERIES.flatMap(({ code }) =>
    KINDS.map((kind): [string, PictureSubject] => {
      const flavours = Object.keys(LINES[code].flavours);
      const subject = { seriesCode: code, kind, flavours: kind === "bundle" ? flavours : flavours.slice(0, 1), boxes: null };
      return [kindKey(code, kind), subject];
    }),
  );
}

async function catalogue(): Promise<Product[]> {
  const database = await openDatabase({ pglite: new PGlite() });
  try {
    await seedCatalog(database.db);
    return await loadProducts(database.db, { warn: console.warn });
  } finally {
    await database.close();
  }
}

/** The picture drawn, as the PNG an upload would bring. */
async function drawn(subject: PictureSubject): Promise<Uint8Array> {
  const { seriesCode: series, kind, flavours, boxes } = subject;
  const shot =
    kind === "bundle"
      ? { series, kind, flavour: null, bundle: { flavours, boxes } }
      : { series, kind, flavour: flavours[0] ?? null };
  return new Uint8Array(
    await sharp(Buffer.from(packScene(shot, SIDE)))
      .png()
      .toBuffer(),
  );
}

/**
 * Makes the default pictures of the catalogue's products (only those named, when given; else every
 * product and every line's kinds) into filesDir, and lists them in the manifest. Making every one
 * also removes the files of pictures no longer made.
 */
export async function makeDefaultPictures({
  filesDir,
  manifest,
  only,
}: {
  filesDir: string;
  manifest: string;
  only?: readonly string[];
}): Promise<Record<string, PhotoRef>> {
  const products = (await catalogue()).filter((product) => !only || only.includes(product.id));
  const subjects = new Map<string, PictureSubject>([
    ...products.map((product): [string, PictureSubject] => [pictureKey(pictureSubject(product)), pictureSubject(product)]),
    ...(only ? [] : kindSubjects()),
  ]);
  const pictures = createSharpPictureEncoder();
  const made: Record<string, PhotoRef> = {};
  const written = new Set<string>();
  mkdirSync(filesDir, { recursive: true });
  for (const [key, subject] of [...subjects].sort(([a], [b]) => a.localeCompare(b))) {
    const image = await drawn(subject);
    const facts = await acceptedPicture(pictures, image);
    const hash = pictures.hash(image);
    made[key] = { hash, alt: altText(subject), width: facts.width, height: facts.height };
    if (written.has(hash)) continue;
    const encoded = await pictures.encode(image, {
      widths: variantWidths(facts.width),
      formats: PHOTO_FORMATS,
      maxPixels: PHOTO_MAX_PIXELS,
    });
    if ("unreadable" in encoded) throw new Error(`The drawing of ${key} could not be read back: ${encoded.unreadable}`);
    for (const variant of encoded.variants) {
      writeFileSync(path.join(filesDir, photoFileName(hash, variant.width, variant.format)), variant.body);
    }
    written.add(hash);
  }
  if (!only) {
    for (const name of readdirSync(filesDir)) {
      const variant = parsePhotoFileName(name);
      if (variant && !written.has(variant.hash)) rmSync(path.join(filesDir, name));
    }
  }
  writeFileSync(manifest, `${JSON.stringify(made, null, 2)}\n`);
  return made;
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, "..");
  const made = await makeDefaultPictures({
    filesDir: path.join(root, "public/photos"),
    manifest: path.join(root, "domain/catalog/photos/default-pictures.json"),
  });
  console.log(`Made ${new Set(Object.values(made).map((picture) => picture.hash)).size} default pictures.`);
}
