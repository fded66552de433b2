import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PICTURES } from "../../domain/catalog/photos/default-pictures.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { fetchWithJar } from "../setup/embedded-sign-in.ts";
import { noisyJpeg, picture, pngClaiming } from "../setup/pictures.ts";
import { newPerson, openBrowser, type ShopBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const CSRF_FIELD = /<input type="hidden" name="csrf" value="([^"]*)"/;
const PHOTOS_PAGE = "/admin/catalogue/products/m8/photos";
const PRODUCT_PAGE = "/shop/luna-collagen/m8";
const AVIF_SRCSET = /\/photos\/([0-9a-f]{16})-320\.avif 320w, \/photos\/\1-640\.avif 640w/;
/** The picture the product page leads with: the product's default picture until a photo is uploaded. */
const DEFAULT_HASH = DEFAULT_PICTURES["m/box/berries-acai"]?.hash;

describe("product photos over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  const csrfOf = async (browser: ShopBrowser, path: string) => CSRF_FIELD.exec(await (await browser.get(path)).text())?.[1] ?? "";
  /** A multipart upload, as the photos page's form sends it. */
  const upload = (browser: ShopBrowser, fields: Record<string, string>, file?: File, path = PHOTOS_PAGE) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (file) form.set("image", file);
    return fetchWithJar(browser.jar, new URL(path, shop.baseUrl), {
      method: "POST",
      body: form,
      headers: { origin: shop.baseUrl, "x-forwarded-for": "10.9.9.9" },
    });
  };
  const png = async () => new File([await picture("png", 700, 700)], "photo.jpg", { type: "image/jpeg" });

  it("refuses guests (404) and staff without the catalog permission (403), storing nothing", async () => {
    const stranger = openBrowser(shop);
    expect((await stranger.get(PHOTOS_PAGE)).status).toBe(404);
    expect((await upload(stranger, { intent: "upload", alt: "A box" }, await png())).status).toBe(404);
    const owner = await staffSignIn(shop, TEST_OWNER);
    const writer = newPerson("google", "Writer");
    await owner.post("/admin/staff", {
      csrf: await csrfOf(owner, "/admin/staff"),
      intent: "add",
      email: writer.email,
      role: "staff",
      permissions: "promotions",
    });
    const writerBrowser = await staffSignIn(shop, writer);
    expect((await writerBrowser.get(PHOTOS_PAGE)).status).toBe(403);
    const csrf = await csrfOf(writerBrowser, "/admin/promotions");
    expect((await upload(writerBrowser, { csrf, intent: "upload", alt: "A box" }, await png())).status).toBe(403);
    expect(AVIF_SRCSET.exec(await (await openBrowser(shop).get(PRODUCT_PAGE)).text())?.[1]).toBe(DEFAULT_HASH);
  });

  it("refuses a text file named .png, a file over 10 MB (on the page, however far over) and a photo without alt text, saying why", async () => {
    const owner = await staffSignIn(shop, TEST_OWNER);
    const csrf = await csrfOf(owner, PHOTOS_PAGE);
    const text = new File(["just some words"], "photo.png", { type: "image/png" });
    const notPicture = await upload(owner, { csrf, intent: "upload", alt: "A box" }, text);
    expect(notPicture.status).toBe(400);
    expect(await notPicture.text()).toContain("That file is not a JPEG, PNG, WebP or AVIF picture.");
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await picture("png"));
    const oversize = await upload(owner, { csrf, intent: "upload", alt: "A box" }, new File([big], "big.png"));
    expect(oversize.status).toBe(400);
    expect(await oversize.text()).toContain("The picture is larger than 10 MB.");
    // Over the upload's body limit, the file is never read: the page still answers, in its own words.
    const hugeFile = new File([new Uint8Array(11 * 1024 * 1024)], "huge.png");
    const huge = await upload(owner, { csrf, intent: "upload", alt: "A box" }, hugeFile);
    expect(huge.status).toBe(400);
    expect(huge.headers.get("content-type")).toContain("text/html");
    const hugePage = await huge.text();
    expect(hugePage).toContain("Photos of Luna Collagen Nectar");
    expect(hugePage).toContain("The picture is larger than 10 MB.");
    const hugeByScript = await upload(owner, { csrf, intent: "upload", alt: "A box" }, hugeFile, `${PHOTOS_PAGE}.data`);
    expect(hugeByScript.status).toBe(400);
    expect(await hugeByScript.text()).toContain("The picture is larger than 10 MB.");
    const noAlt = await upload(owner, { csrf, intent: "upload", alt: " " }, await png());
    expect(noAlt.status).toBe(400);
    expect(await noAlt.text()).toContain("Alt text is required.");
    expect(AVIF_SRCSET.exec(await (await openBrowser(shop).get(PRODUCT_PAGE)).text())?.[1]).toBe(DEFAULT_HASH);
  });

  it("refuses a picture cut short, one whose header claims more pixels than it holds, a sliver and a speck, saying why", async () => {
    const owner = await staffSignIn(shop, TEST_OWNER);
    const form = await (await owner.get(PHOTOS_PAGE)).text();
    expect(form).toContain("JPEG, PNG, WebP or AVIF, at least 500 pixels on the shorter side, at most 10 MB.");
    const csrf = CSRF_FIELD.exec(form)?.[1] ?? "";
    const jpeg = await picture("jpeg", 900, 700);
    const png = await picture("png", 900, 700);
    for (const [bytes, message] of [
      [jpeg.slice(0, jpeg.byteLength / 2), "The picture is damaged or cut short"],
      [png.slice(0, png.byteLength / 2), "The picture is damaged or cut short"],
      [await pngClaiming(6000, 6000), "The picture is damaged or cut short"],
      [await picture("png", 60, 1700), "The picture is more than 10 times as long as it is wide"],
      [await picture("png", 1, 1), "The picture is 1 × 1 pixels: a product photo needs at least 500 pixels on its shorter side."],
    ] as const) {
      const refused = await upload(owner, { csrf, intent: "upload", alt: "A box" }, new File([bytes], "photo.jpg"));
      expect(refused.status, message).toBe(400);
      expect(await refused.text()).toContain(message);
    }
    expect(AVIF_SRCSET.exec(await (await openBrowser(shop).get(PRODUCT_PAGE)).text())?.[1]).toBe(DEFAULT_HASH);
  });

  it("uploads a PNG named .jpg: the product page, its listing and the API show it, its files are cached for good", async () => {
    const owner = await staffSignIn(shop, TEST_OWNER);
    const csrf = await csrfOf(owner, PHOTOS_PAGE);
    const done = await upload(owner, { csrf, intent: "upload", alt: "A box of Luna Collagen beside a glass" }, await png());
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("The photo is added at the end of the gallery.");

    const page = await (await openBrowser(shop).get(PRODUCT_PAGE)).text();
    const hash = AVIF_SRCSET.exec(page)?.[1] ?? "";
    expect(hash).not.toBe("");
    const preload = /<link rel="preload" as="image" type="image\/avif"[^>]*>/.exec(page)?.[0] ?? "";
    expect(preload).toContain(`imageSrcSet="/photos/${hash}-320.avif 320w, /photos/${hash}-640.avif 640w"`);
    expect(preload).toContain('fetchPriority="high"');
    expect(preload).toContain('imageSizes="(min-width: 768px) 448px, 5rem"');
    expect(page).toMatch(
      new RegExp(
        `<img src="/photos/${hash}-640.webp" alt="A box of Luna Collagen beside a glass" width="700" height="700" loading="eager" fetchPriority="high"`,
      ),
    );
    expect(page).toContain(`<source type="image/webp" srcSet="/photos/${hash}-320.webp 320w, /photos/${hash}-640.webp 640w"`);
    expect(await (await openBrowser(shop).get("/shop/luna-collagen")).text()).toContain(`/photos/${hash}-320.avif 320w`);

    const file = await fetch(`${shop.baseUrl}/photos/${hash}-640.avif`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/avif");
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);
    const missing = await fetch(`${shop.baseUrl}/photos/${hash}-960.avif`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    expect((await fetch(`${shop.baseUrl}/photos/${hash.repeat(8)}-640.avif`)).status).toBe(404);

    const api = await fetch(`${shop.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: '{ product(id: "m8") { images { url alt width height } } }' }),
    });
    expect(await api.json()).toEqual({
      data: {
        product: {
          images: [{ url: `/photos/${hash}-640.webp`, alt: "A box of Luna Collagen beside a glass", width: 640, height: 640 }],
        },
      },
    });
  });

  it("shows a product without photos its default picture: described, sized, first on the page and cached for good", async () => {
    const { hash, alt } = DEFAULT_PICTURES["v/shots/citrus-zing"] ?? { hash: "", alt: "" };
    const page = await (await openBrowser(shop).get("/shop/v5-vitality/vs8")).text();
    expect(page).toContain(
      `<img src="/photos/${hash}-640.webp" alt="${alt}" width="960" height="960" loading="eager" fetchPriority="high"`,
    );
    expect(page).toContain(
      `imageSrcSet="/photos/${hash}-320.avif 320w, /photos/${hash}-640.avif 640w, /photos/${hash}-960.avif 960w"`,
    );
    for (const [format, type] of [
      ["avif", "image/avif"],
      ["webp", "image/webp"],
    ]) {
      const file = await fetch(`${shop.baseUrl}/photos/${hash}-960.${format}`);
      expect([file.status, file.headers.get("content-type")]).toEqual([200, type]);
      expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    const api = await fetch(`${shop.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: '{ product(id: "vs8") { images { url alt width height } } }' }),
    });
    expect(await api.json()).toEqual({
      data: { product: { images: [{ url: `/photos/${hash}-960.webp`, alt, width: 960, height: 960 }] } },
    });
  });

  it("takes a camera-sized photo posted by the page's script, whose address ends in .data", async () => {
    const owner = await staffSignIn(shop, TEST_OWNER);
    const csrf = await csrfOf(owner, PHOTOS_PAGE);
    const photo = await noisyJpeg(900, 900);
    expect(photo.byteLength).toBeGreaterThan(256 * 1024);
    const sent = await upload(
      owner,
      { csrf, intent: "upload", alt: "A box of Joffee on a shelf" },
      new File([photo], "IMG_2041.JPG"),
      "/admin/catalogue/products/j4/photos.data",
    );
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("The photo is added at the end of the gallery.");
    expect(await (await openBrowser(shop).get("/shop/joffee/j4")).text()).toContain('alt="A box of Joffee on a shelf"');
  });
});
