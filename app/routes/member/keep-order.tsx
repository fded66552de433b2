import { PackageX } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { keepOrderByLink } from "../../../domain/loyalty/order-points/keep-order-link.ts";
import { requestContext } from "../../context.ts";
import { expectedFailure } from "../../lib/action-result.server.ts";
import { privatePageHeaders, requireMember } from "../../lib/member-session.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/keep-order";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Add your order"), { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = privatePageHeaders;

/**
 * Where the completion page's and the confirmation email's offer lead: signed in (the sign-in page
 * comes back here), the order the link names goes on the member's membership and the member lands on
 * their page with it. Signed out, nothing changes, so a mail scanner opening the link does nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const member = await requireMember(ctx, request);
  const token = new URL(request.url).searchParams.get("t") ?? "";
  try {
    await keepOrderByLink(ctx.operations, { memberId: member.id, token });
  } catch (error) {
    const { message, status } = expectedFailure(error);
    return data({ message }, { status });
  }
  throw redirect("/member");
}

export default function KeepOrder({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <PackageX aria-hidden="true" className="size-10 text-brand-700" />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900">We couldn't add this order</h1>
      <p role="alert" className="mt-4 text-ink">
        {loaderData.message}
      </p>
      <p className="mt-6">
        <Link to="/member#claim-order-heading" className="font-semibold text-brand-700 underline underline-offset-2">
          Go to your member page
        </Link>
      </p>
    </div>
  );
}
