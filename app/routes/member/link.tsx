import { redirect } from "react-router";
import { LINK_RETURN_PATH } from "../../../domain/identity/sign-in-attempts.ts";
import { requestContext } from "../../context.ts";
import { loginPath } from "../../lib/member-paths.ts";
import type { Route } from "./+types/link";

/**
 * `/member/link` is where the identity provider returns a link attempt (handled before the pages,
 * `server/http/member-auth-routes.ts`). A plain visit goes where linking starts: the account page,
 * through sign-in for a visitor.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { session } = context.get(requestContext);
  throw redirect(session ? LINK_RETURN_PATH : loginPath(LINK_RETURN_PATH));
}

export default function MemberLink() {
  return null;
}
