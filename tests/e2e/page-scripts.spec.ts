import { expect, test } from "./fixtures.ts";

// zod builds its schemas when its module is evaluated, so a page that imports a module holding an
// input schema pays for the whole library before it can respond to a tap.
const SCHEMA_LIBRARY = "_zod";

for (const path of ["/", "/shop", "/shop/luna-collagen", "/shop/sale", "/shop/luna-collagen/m8", "/bag"]) {
  test(`${path} hydrates without the input-schema library`, async ({ page }) => {
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text());
    });
    await page.goto(path);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    await page.waitForLoadState("networkidle");
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.filter((body) => body.includes(SCHEMA_LIBRARY))).toEqual([]);
  });
}

test("no page's scripts, back-office and debug pages included, carry the input-schema library", async ({ page }) => {
  await page.goto("/");
  await page.waitForFunction(() => "__reactRouterManifest" in window);
  const files = await page.evaluate(() => {
    type Manifest = {
      entry: { module: string; imports: string[] };
      routes: Record<string, { module: string; imports?: string[] }>;
    };
    const manifest = (window as unknown as { __reactRouterManifest: Manifest }).__reactRouterManifest;
    const routes = Object.values(manifest.routes).flatMap((route) => [route.module, ...(route.imports ?? [])]);
    return [...new Set([manifest.entry.module, ...manifest.entry.imports, ...routes])];
  });
  expect(files.length).toBeGreaterThan(50);
  const carrying: string[] = [];
  for (const file of files) {
    if ((await (await page.request.get(file)).text()).includes(SCHEMA_LIBRARY)) carrying.push(file);
  }
  expect(carrying).toEqual([]);
});
