import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createStaticHandler, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import routeConfig from "../../app/routes.ts";
import { withRoutePatternMatching } from "../../server/route-matching.ts";

/** The shop's route tree as React Router sees it: ids by place, as the build's are unique. */
function routeObjects(entries: RouteConfigEntry[], parentId = "r"): RouteObject[] {
  return entries.map((entry, index) => {
    const id = `${parentId}.${index}`;
    const children = entry.children ? routeObjects(entry.children, id) : undefined;
    return entry.index ? { id, index: true } : { id, path: entry.path, children };
  });
}

function leafPaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    return entry.children ? leafPaths(entry.children, path) : [path || "/"];
  });
}

const routes = routeObjects(routeConfig);
const defaultMatcher = createStaticHandler(routes);
const patternMatcher = createStaticHandler(routes, {
  future: withRoutePatternMatching({ future: {} } as ServerBuild).future,
});

const asFound = (matches: ReturnType<typeof defaultMatcher.match>) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({ id: route.id, params, pathname, pathnameBase })) ?? null;

const samplePaths = leafPaths(routeConfig).map((path) => path.replace(/:(\w+)/g, "sample-$1").replace("*", "some/where"));
const variants = samplePaths.flatMap((path) => [
  path,
  `${path.replace(/\/$/, "")}/`,
  path.toUpperCase(),
  path.replace(/sample-(\w+)/, "a%20b%2Fc"),
]);
const oddPaths = [
  "/shop//luna-collagen",
  "//shop",
  "/shop/luna-collagen/m8/extra",
  "/admin/nope",
  "/member/redeem",
  "/r",
  "/%E2%82%AC",
];

describe("route matching on the server", () => {
  it.each([...new Set([...variants, ...oddPaths])])(
    "finds the same routes and params as React Router's default for %s",
    (path) => {
      const expected = asFound(defaultMatcher.match(path));
      expect(asFound(patternMatcher.match(path))).toEqual(expected);
    },
  );

  it("answers an empty segment at the root with the not-found page, not the home page", () => {
    expect(patternMatcher.match("//")?.at(-1)?.route.path).toBe("*");
  });

  it("keeps the flag out of the settings a page hands to the browser, whose bundle has no such matcher", () => {
    const future = { unstable_optimizeDeps: false } as unknown as ServerBuild["future"];
    expect(JSON.stringify(withRoutePatternMatching({ future } as ServerBuild).future)).toBe(JSON.stringify(future));
  });

  it("reaches every page of the shop: no route is shadowed", () => {
    const found = new Set(samplePaths.map((path) => patternMatcher.match(path)?.at(-1)?.route.id));
    const leaves = leafPaths(routeConfig).length;
    expect(found.size).toBe(leaves);
  });
});
