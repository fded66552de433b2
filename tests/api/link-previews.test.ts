import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { fetchWithJar } from "../setup/embedded-sign-in.ts";
import { picture } from "../setup/pictures.ts";
import { openBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const PUBLIC_URL = "https://shop.example.sg";
const PRODUCT_PAGE = "/shop/luna-collagen/m8";

/** The content of each Open Graph and Twitter tag of a page, by property or name. */
function previewTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, key, content] of html.matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)"\/>/g)) {
    tags[key as string] = (content as string).replaceAll("&amp;", "&");
  }
  return tags;
}

/** The picture a tag names answers with an image: asked for at the test shop, whatever origin the tag names. */
async function expectPicture(shop: TestServer, url: string | undefined, type: string) {
  const served = await fetch(new URL(new URL(url ?? "").pathname, shop.baseUrl));
  expect(served.status, url).toBe(200);
  expect(served.headers.get("content-type"), url).toBe(type);
  expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(1000);
}

describe("link previews (Open Graph and Twitter cards)", () => {
  describe("at the shop's public address", () => {
    let shop: TestServer;
    beforeAll(async () => {
      shop = await startTestServer({ PUBLIC_URL });
    });
    afterAll(() => shop.close());

    const tagsOf = async (path: string) => previewTags(await (await openBrowser(shop).get(path)).text());

    it("describe the home page as the brand, with the brand picture", async () => {
      const tags = await tagsOf("/");
      expect(tags).toMatchObject({
        "og:title": "Drinkable Nutrition. Look Better Feel Better.",
        "og:type": "website",
        "og:url": `${PUBLIC_URL}/`,
        "og:image": `${PUBLIC_URL}/share-picture.jpg`,
        "og:image:width": "1200",
        "og:image:height": "630",
        "og:site_name": "Nectar Lab",
        "twitter:card": "summary_large_image",
      });
      expect(tags["og:description"]).toMatch(/^Drinkable nutrition/);
      await expectPicture(shop, tags["og:image"], "image/jpeg");
    });

    it("describe a product page as that product, with its default picture while it has no photo", async () => {
      const tags = await tagsOf(PRODUCT_PAGE);
      expect(tags).toMatchObject({
        "og:title": "Luna Collagen Nectar, 8-serving box",
        "og:description": "Eight sachets of marine collagen nectar in a box.",
        "og:type": "product",
        "og:url": `${PUBLIC_URL}${PRODUCT_PAGE}`,
        "og:image:alt": "A box of Luna Collagen in Berries Acai, with three of its sachets",
        "og:site_name": "Nectar Lab",
        "twitter:card": "summary_large_image",
      });
      expect(tags["og:image"]).toMatch(new RegExp(`^${PUBLIC_URL}/photos/[0-9a-f]{16}-960\\.webp$`));
      await expectPicture(shop, tags["og:image"], "image/webp");
    });
  });

  describe("of a product with photos", () => {
    let shop: TestServer;
    beforeAll(async () => {
      shop = await startTestServer();
    });
    afterAll(() => shop.close());

    it("show its first photo at its largest size, at an absolute address that answers", async () => {
      const owner = await staffSignIn(shop, TEST_OWNER);
      const photos = "/admin/catalogue/products/m8/photos";
      const csrf = /<input type="hidden" name="csrf" value="([^"]*)"/.exec(await (await owner.get(photos)).text())?.[1] ?? "";
      const form = new FormData();
      for (const [name, value] of Object.entries({ csrf, intent: "upload", alt: "A box of Luna Collagen beside a glass" })) {
        form.set(name, value);
      }
      form.set("image", new File([await picture("jpeg", 1400, 1000)], "photo.jpg", { type: "image/jpeg" }));
      const uploaded = await fetchWithJar(owner.jar, new URL(photos, shop.baseUrl), {
        method: "POST",
        body: form,
        headers: { origin: shop.baseUrl },
      });
      expect(uploaded.status).toBe(200);

      const tags = previewTags(await (await openBrowser(shop).get(PRODUCT_PAGE)).text());
      expect(tags["og:image"]).toMatch(new RegExp(`^${shop.baseUrl}/photos/[0-9a-f]{16}-1280\\.webp$`));
      expect(tags).toMatchObject({
        "og:type": "product",
        "og:image:width": "1280",
        "og:image:height": "914",
        "og:image:alt": "A box of Luna Collagen beside a glass",
      });
      await expectPicture(shop, tags["og:image"], "image/webp");
    });
  });
});
