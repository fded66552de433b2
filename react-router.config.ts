import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // A page carries the routes it renders; the browser asks for the ones its links lead to after
  // hydrating. Building the router for all the shop's routes was the longest task of a hydration
  // (docs/decisions/066-lighter-first-load.md).
  routeDiscovery: { mode: "lazy" },
} satisfies Config;
