/**
 * Draws the picture a shared link to the shop shows (BRAND_PICTURE, app/lib/share-picture.ts) into
 * public/: the four lines' cartons as scripts/product-shot.ts draws them, beside the shop's promise
 * set in the brand face. Chromium sets the type, since sharp's text cannot read a WOFF2 file; nothing
 * is fetched. Run it after changing the picture and commit the file: `node scripts/share-picture.ts`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { BRAND_PICTURE } from "../app/lib/share-picture.ts";
import { SERIES, seriesTitle } from "../kernel/series.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/setup/chromium.ts";
import { productShot } from "./product-shot.ts";

const FONT = fileURLToPath(import.meta.resolve("@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2"));
const OUTPUT = path.resolve(import.meta.dirname, "../public", BRAND_PICTURE.path.slice(1));
const TILE = 258;

const dataUrl = (type: string, bytes: Uint8Array) => `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;

async function pictureHtml(): Promise<string> {
  const tiles = await Promise.all(
    SERIES.map(async (series) => {
      const shot = await productShot(series.code, series.name.toUpperCase(), { size: TILE * 2 });
      return `<figure><img src="${dataUrl("image/jpeg", shot)}" alt=""><figcaption>${seriesTitle(series)}</figcaption></figure>`;
    }),
  );
  return `<!doctype html><html><head><style>
    @font-face { font-family: Figtree; font-weight: 300 900; src: url(${dataUrl("font/woff2", readFileSync(FONT))}) format("woff2"); }
    * { margin: 0; box-sizing: border-box; }
    body { width: ${BRAND_PICTURE.width}px; height: ${BRAND_PICTURE.height}px; font-family: Figtree; color: #0b3a42;
      background: radial-gradient(circle at 15% 20%, #ffffff, #eef7f8 45%, #d5ecef); display: flex; align-items: center;
      gap: 48px; padding: 0 56px 0 72px; }
    .words { flex: 1; }
    .eyebrow { font-size: 26px; font-weight: 700; letter-spacing: 0.14em; text-transform: uppercase; color: #0f6b78; }
    h1 { margin-top: 18px; font-size: 74px; line-height: 1.02; font-weight: 800; letter-spacing: -0.02em; }
    p { margin-top: 26px; font-size: 30px; line-height: 1.3; font-weight: 500; color: #4b5d63; }
    .grid { display: grid; grid-template-columns: repeat(2, ${TILE}px); gap: 18px; }
    figure { position: relative; }
    img { display: block; width: ${TILE}px; height: ${TILE}px; border-radius: 28px; box-shadow: 0 10px 30px rgb(11 58 66 / 0.14); }
    figcaption { position: absolute; left: 14px; bottom: 12px; padding: 4px 12px; border-radius: 999px; background: rgb(255 255 255 / 0.88);
      font-size: 19px; font-weight: 700; }
  </style></head><body>
    <div class="words"><div class="eyebrow">Drinkable nutrition</div><h1>Look better.<br>Feel better.</h1>
      <p>Collagen, vitamins, jelly coffee and calorie-burning nectars, delivered.</p></div>
    <div class="grid">${tiles.join("")}</div>
  </body></html>`;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: BRAND_PICTURE.width, height: BRAND_PICTURE.height } });
  await page.setContent(await pictureHtml());
  await page.evaluate(() => document.fonts.ready);
  const png = await page.screenshot({ type: "png" });
  await sharp(png).jpeg({ quality: 86, mozjpeg: true }).toFile(OUTPUT);
  console.log(`Wrote ${path.relative(process.cwd(), OUTPUT)}`);
} finally {
  await browser.close();
}
