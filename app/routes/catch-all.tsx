import { data } from "react-router";
import { requestPath } from "../lib/request-path.ts";
import type { Route } from "./+types/catch-all";

/** Unmatched paths answer 404 in place (never a redirect to a 200 page), for people and crawlers alike. */
export function loader({ request }: Route.LoaderArgs) {
  throw data(`Page not found: ${requestPath(request)}`, { status: 404 });
}

export default function CatchAll() {
  return null;
}
