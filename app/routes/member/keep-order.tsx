import { PackageCheck, PackageX } from "lucide-react";
import { data, Form, Link, redirect, useActionData } from "react-router";
import { KeepOrderInput, keepOrderByLink, readKeepOrderLink } from "../../../domain/loyalty/order-points/keep-order-link.ts";
import { requestContext } from "../../context.ts";
import { expectedFailure, readForm, unreadableRequest } from "../../lib/action-result.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { privatePageHeaders, requireMember } from "../../lib/member-session.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/keep-order";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Add your order"), { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = privatePageHeaders;

/** A refusal as the page shows it, with its status. */
function refused(error: unknown) {
  const { message, status } = expectedFailure(error);
  return data({ ok: false as const, message }, { status });
}

/**
 * Where the completion page's and the confirmation email's offer lead: signed in (the sign-in page
 * comes back here), the member sees the order the link names and adds it with a tap. Opening the link
 * changes nothing, so neither a mail scanner nor another site's link can put an order on a membership.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const member = await requireMember(ctx, request);
  const token = new URL(request.url).searchParams.get("t") ?? "";
  try {
    const { invoiceId } = await readKeepOrderLink(ctx.operations, { memberId: member.id, token });
    return { ok: true as const, invoiceId, token };
  } catch (error) {
    return refused(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const member = await requireMember(ctx, request);
  const form = await readForm(request);
  if (!form) return unreadableRequest();
  try {
    await keepOrderByLink(ctx.operations, formInput(KeepOrderInput, form, { memberId: member.id }));
  } catch (error) {
    return refused(error);
  }
  throw redirect("/member");
}

const LINK = "font-semibold text-brand-700 underline underline-offset-2";

export default function KeepOrder({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const failure = answer && !answer.ok ? answer.message : !loaderData.ok ? loaderData.message : null;
  if (failure !== null || !loaderData.ok) {
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <PackageX aria-hidden="true" className="size-10 text-brand-700" />
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900">We couldn't add this order</h1>
        <p role="alert" className="mt-4 text-ink">
          {failure}
        </p>
        <p className="mt-6">
          <Link to="/member#claim-order-heading" className={LINK}>
            Go to your member page
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <PackageCheck aria-hidden="true" className="size-10 text-brand-700" />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900">{`Add order ${loaderData.invoiceId}`}</h1>
      <p className="mt-4 text-ink">Its points and spend go on your membership once you add it.</p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={loaderData.token} />
        <button
          type="submit"
          className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          Add this order to my membership
        </button>
      </Form>
      <p className="mt-6">
        <Link to="/member" className={LINK}>
          Not now
        </Link>
      </p>
    </div>
  );
}
