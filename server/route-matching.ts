import type { ServerBuild } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";

/**
 * The build with React Router's route-pattern matcher on the server (decision 051). The default
 * matcher tries every route in rank order, joining paths for each layout above it, twice a request;
 * this one looks the path up in a tree of patterns. Both find the same routes
 * (`tests/unit/route-matching.test.ts`). The flag stays out of the settings each page hands to the
 * browser, which keeps the default matcher and the smaller bundle that goes with it.
 */
export function withRoutePatternMatching(build: ServerBuild): ServerBuild {
  unstable_preloadRoutePattern();
  const future = {
    ...build.future,
    unstable_routePatternMatching: true,
    toJSON: () => build.future,
  };
  return { ...build, future: future as unknown as ServerBuild["future"] };
}
