import { data } from "react-router";
import { requestPath } from "../lib/request-path.ts";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  throw data(`Page not found: ${requestPath(request)}`, { status: 404 });
}

export default function NotFound() {
  return null;
}
