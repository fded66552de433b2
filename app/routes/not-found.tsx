import { data } from "react-router";
import { missingPathOf, notFoundMessage } from "../lib/not-found.ts";
import type { Route } from "./+types/not-found";

/** Where a browser ends for a missing page, naming the path it asked for; still status 404 (decision 016). */
export function loader({ request }: Route.LoaderArgs) {
  throw data(notFoundMessage(missingPathOf(new URL(request.url))), { status: 404 });
}

export default function NotFound() {
  return null;
}
