import type { Handler } from "hono";
import type { AppBuild } from "../../app/lib/app-build.ts";
import type { HttpEnv } from "./request-context.ts";

/**
 * The build this process serves. Mounted before the session, so the pages' regular check neither
 * reads the database nor keeps an idle session alive; never kept by any cache.
 */
export function buildRoute(build: AppBuild): Handler<HttpEnv> {
  return (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(build);
  };
}
