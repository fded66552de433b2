import { MailX } from "lucide-react";
import { data, Link } from "react-router";
import { readUnsubscribe } from "../../../domain/member-emails/read-unsubscribe.ts";
import { FROM_PAGE, UNSUBSCRIBE_PATH } from "../../../domain/member-emails/unsubscribe-page.ts";
import { requestContext } from "../../context.ts";
import { expectedFailure } from "../../lib/action-result.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Unsubscribe"), { name: "robots", content: "noindex" }];

/** The link names one member: no cache may keep the page. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/**
 * An email's unsubscribe link (decision 044). Opening it only asks: link scanners in mail systems
 * open every link, so the email is turned off by the button's post (or the mail client's one-click
 * post), which server/http/unsubscribe-route.ts takes before the pages.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  try {
    const link = await readUnsubscribe(context.get(requestContext).operations, { token });
    return { ok: true as const, token, ...link };
  } catch (error) {
    const { message, status } = expectedFailure(error);
    return data({ ok: false as const, message }, { status });
  }
}

const buttonClass =
  "inline-flex items-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800";
const linkClass = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <MailX aria-hidden="true" className="size-10 text-brand-700" />
      {!loaderData.ok ? (
        <>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900">This link doesn't work</h1>
          <p role="alert" className="mt-4 text-ink">
            {loaderData.message}
          </p>
        </>
      ) : loaderData.off ? (
        <>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900">You're unsubscribed</h1>
          <p role="status" className="mt-4 text-ink">
            We won't send you “{loaderData.label}” emails any more.
          </p>
        </>
      ) : (
        <>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900">
            Unsubscribe from “{loaderData.label}” emails?
          </h1>
          <p className="mt-4 text-ink">You can turn them on again at any time on your account page.</p>
          <form method="post" action={`${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(loaderData.token)}`} className="mt-6">
            <input type="hidden" name={FROM_PAGE.name} value={FROM_PAGE.value} />
            <button type="submit" className={buttonClass}>
              Unsubscribe
            </button>
          </form>
        </>
      )}
      <p className="mt-6 text-muted">Order confirmations, shipping and refund emails always come, whatever you choose here.</p>
      <p className="mt-4">
        <Link to="/member/account#emails" className={linkClass}>
          Choose which emails you get
        </Link>
      </p>
    </div>
  );
}
