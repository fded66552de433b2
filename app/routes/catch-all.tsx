import { data } from "react-router";
import { notFoundMessage } from "../lib/not-found.ts";
import { requestPath } from "../lib/request-path.ts";
import type { Route } from "./+types/catch-all";

/**
 * Unmatched paths answer 404 at the address asked, never a redirect: a crawler keeps the 404 there,
 * and in a browser the error page moves the address on to /404 itself (decision 016).
 */
export function loader({ request }: Route.LoaderArgs) {
  throw data(notFoundMessage(requestPath(request)), { status: 404 });
}

export default function CatchAll() {
  return null;
}
