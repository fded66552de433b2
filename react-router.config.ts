import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // The shop has a few dozen routes: their manifest rides in each page (about 2 KB compressed)
  // instead of a request after hydration that re-renders the whole page to add the routes the
  // page links to (docs/decisions/013-first-paint-css-and-javascript.md).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
