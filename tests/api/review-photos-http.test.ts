import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { reviews } from "../../db/schema/reviews.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { fetchWithJar } from "../setup/embedded-sign-in.ts";
import { insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { jpegWithLocation, picture } from "../setup/pictures.ts";
import { newPerson, openBrowser, type ShopBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const REVIEW_PAGE = "/member/reviews/m8";
const PRODUCT_PAGE = "/shop/luna-collagen/m8";
const THUMBNAIL = /\/review-photos\/([0-9a-f]{16}-320\.webp)/;
const words = { intent: "review", rating: "5", title: "In my glass", body: "Fresh lychee, and my skin thanks me for it." };

describe("photos on reviews over HTTP", () => {
  let shop: TestServer;
  let buyer: ShopBrowser;
  let memberId: string;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
    const person = newPerson("google", "Lim Siew Ling");
    buyer = openBrowser(shop);
    await buyer.signIn(person);
    const [row] = await shop.server.database.db.select().from(members).where(eq(members.email, person.email));
    memberId = row?.id ?? "";
    await insertPaidOrder(shop.server.database.db, { subtotalCents: 3_900, memberId, optionId: "op-m8_pb-1b" });
  });
  afterAll(() => shop.close());

  /** The review form's multipart post, as a browser sends it without JavaScript. */
  const send = (fields: Record<string, string>, files: File[], address = REVIEW_PAGE) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    for (const file of files) form.append("photos", file);
    return fetchWithJar(buyer.jar, new URL(address, shop.baseUrl), {
      method: "POST",
      body: form,
      headers: { origin: shop.baseUrl },
    });
  };
  const storedPictures = () => {
    const dir = path.join(shop.dataDir, "files", "review-photos");
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const written = () => shop.server.database.db.select().from(reviews).where(eq(reviews.memberId, memberId));

  it("refuses too many photos, a file that is no picture and files too big, saying why and storing nothing", async () => {
    const png = new File([await picture("png", 700, 700)], "photo.png", { type: "image/png" });
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await picture("png"));
    for (const [files, message] of [
      [[png, png, png, png], "A review can carry at most 3 photos."],
      [
        [png, new File(["just some words"], "photo.jpg", { type: "image/jpeg" })],
        "That file is not a JPEG, PNG, WebP or AVIF picture.",
      ],
      [[new File([big], "big.png")], "The picture is larger than 10 MB."],
    ] as const) {
      const refused = await send(words, [...files]);
      expect(refused.status, message).toBe(400);
      const page = await refused.text();
      expect(page).toContain(message);
      // The form comes back filled in, to send again without the photo.
      expect(page).toContain('value="In my glass"');
    }
    // Over the form's upload limit the body is never read: the page still answers, in its own words.
    const huge = new File([new Uint8Array(31 * 1024 * 1024)], "huge.png");
    for (const address of [REVIEW_PAGE, `${REVIEW_PAGE}.data`]) {
      const refused = await send(words, [huge], address);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Send at most 3 photos, each at most 10 MB.");
    }
    expect(await written()).toEqual([]);
    expect(storedPictures()).toEqual([]);
  });

  it("serves a photo to its author and to staff while the review waits, and to everyone once it is published", async () => {
    const sent = await send(words, [new File([await jpegWithLocation()], "IMG_0001.JPG", { type: "image/jpeg" })]);
    expect(sent.status).toBe(200);
    const fileName = THUMBNAIL.exec(await (await buyer.get(REVIEW_PAGE)).text())?.[1] ?? "";
    expect(fileName).not.toBe("");

    expect((await openBrowser(shop).get(`/review-photos/${fileName}`)).status).toBe(404);
    const own = await buyer.get(`/review-photos/${fileName}`);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/webp");
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    const owner = await staffSignIn(shop, TEST_OWNER);
    const queue = await (await owner.get("/admin/reviews")).text();
    expect(queue).toContain(`/admin/review-photos/${fileName}`);
    expect((await owner.get(`/admin/review-photos/${fileName}`)).status).toBe(200);
    expect((await buyer.get(`/admin/review-photos/${fileName}`)).status).toBe(404);
    expect(await (await openBrowser(shop).get(PRODUCT_PAGE)).text()).not.toContain(fileName);

    const [review] = await written();
    const csrf = /<input type="hidden" name="csrf" value="([^"]*)"/.exec(queue)?.[1] ?? "";
    expect((await owner.post("/admin/reviews", { csrf, reviewId: review?.id ?? "", decision: "approve" })).status).toBe(200);
    expect(await (await openBrowser(shop).get(PRODUCT_PAGE)).text()).toContain(`/review-photos/${fileName}`);
    const shown = await openBrowser(shop).get(`/review-photos/${fileName}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toBe("public, max-age=3600");
    expect((await openBrowser(shop).get(`/review-photos/${"0".repeat(16)}-320.webp`)).status).toBe(404);
  });
});
