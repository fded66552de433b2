import { expect, test } from "./fixtures.ts";

// zod builds its schemas when its module is evaluated, so a page that imports a module holding an
// input schema pays for the whole library before it can respond to a tap.
const SCHEMA_LIBRARY = "_zod";

type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
};

for (const path of ["/", "/shop", "/shop/luna-collagen", "/shop/sale", "/shop/luna-collagen/m8", "/bag"]) {
  test(`${path} hydrates without the input-schema library`, async ({ page }) => {
    const scripts = new Map<string, Promise<string>>();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.set(response.url(), response.text());
    });
    await page.goto(path);
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    // What hydrating this page took: the entry and the modules of the routes it matched, with their imports.
    const needed = await page.evaluate(() => {
      const { __reactRouterManifest: manifest, __reactRouterDataRouter: router } = window as unknown as {
        __reactRouterManifest: Manifest;
        __reactRouterDataRouter: { state: { matches: { route: { id: string } }[] } };
      };
      const routes = router.state.matches.map(({ route }) => manifest.routes[route.id]);
      const files = [manifest.entry.module, ...manifest.entry.imports];
      for (const route of routes) if (route) files.push(route.module, ...(route.imports ?? []));
      return [...new Set(files)].map((file) => new URL(file, location.href).href);
    });
    await expect.poll(() => needed.filter((url) => !scripts.has(url))).toEqual([]);
    const bodies = await Promise.all([...scripts].map(async ([url, body]) => [url, await body] as const));
    expect(bodies.filter(([, body]) => body.includes(SCHEMA_LIBRARY)).map(([url]) => url)).toEqual([]);
  });
}

test("no page's scripts, back-office and debug pages included, carry the input-schema library", async ({ page }) => {
  await page.goto("/");
  await page.waitForFunction(() => "__reactRouterManifest" in window);
  // A page carries only its own routes; the build's whole manifest is the file the page names.
  const manifestUrl = await page.evaluate(
    () => (window as unknown as { __reactRouterManifest: { url: string } }).__reactRouterManifest.url,
  );
  const manifestScript = await (await page.request.get(manifestUrl)).text();
  const manifest = JSON.parse(manifestScript.slice(manifestScript.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
  const routes = Object.values(manifest.routes).flatMap((route) => [route.module, ...(route.imports ?? [])]);
  const files = [...new Set([manifest.entry.module, ...manifest.entry.imports, ...routes])];
  expect(files.length).toBeGreaterThan(50);
  const carrying: string[] = [];
  for (const file of files) {
    if ((await (await page.request.get(file)).text()).includes(SCHEMA_LIBRARY)) carrying.push(file);
  }
  expect(carrying).toEqual([]);
});
