import { data } from "react-router";
import type { Route } from "./+types/catch-all";

/** Unmatched paths answer 404 in place (never a redirect to a 200 page), for people and crawlers alike. */
export function loader({ request }: Route.LoaderArgs) {
  throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
}

export default function CatchAll() {
  return null;
}
