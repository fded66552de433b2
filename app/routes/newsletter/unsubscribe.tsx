import { MailX } from "lucide-react";
import { data, Link } from "react-router";
import { FROM_PAGE } from "../../../domain/member-emails/unsubscribe-page.ts";
import { NEWSLETTER_UNSUBSCRIBE_PATH } from "../../../domain/newsletter/consent.ts";
import { readNewsletterUnsubscribe } from "../../../domain/newsletter/unsubscribe.ts";
import { requestContext } from "../../context.ts";
import { expectedFailure } from "../../lib/action-result.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, "Unsubscribe from the newsletter"),
  { name: "robots", content: "noindex" },
];

/** The link names one address: no cache may keep the page. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/**
 * A newsletter email's unsubscribe link (decision 058). Opening it only asks; the button posts to the
 * same address, which server/http/unsubscribe-route.ts takes before the pages (as a mail client's
 * one-click post), and comes back here to say it is done.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  try {
    return { ok: true as const, token, ...(await readNewsletterUnsubscribe(context.get(requestContext).operations, { token })) };
  } catch (error) {
    const { message, status } = expectedFailure(error);
    return data({ ok: false as const, message }, { status });
  }
}

const heading = "mt-4 text-3xl font-extrabold tracking-tight text-brand-900";

export default function UnsubscribeNewsletter({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <MailX aria-hidden="true" className="size-10 text-brand-700" />
      {!loaderData.ok ? (
        <>
          <h1 className={heading}>This link doesn't work</h1>
          <p role="alert" className="mt-4 text-ink">
            {loaderData.message}
          </p>
        </>
      ) : loaderData.unsubscribed ? (
        <>
          <h1 className={heading}>You're unsubscribed</h1>
          <p role="status" className="mt-4 text-ink">
            We won't send you the newsletter any more. You can sign up again on our home page at any time.
          </p>
        </>
      ) : (
        <>
          <h1 className={heading}>Unsubscribe from the newsletter?</h1>
          <p className="mt-4 text-ink">Order emails, and a member's programme emails, are not affected.</p>
          <form
            method="post"
            action={`${NEWSLETTER_UNSUBSCRIBE_PATH}?t=${encodeURIComponent(loaderData.token)}`}
            className="mt-6"
          >
            <input type="hidden" name={FROM_PAGE.name} value={FROM_PAGE.value} />
            <button type="submit" className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
              Unsubscribe
            </button>
          </form>
        </>
      )}
      <p className="mt-8">
        <Link to="/" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
          Back to the shop
        </Link>
      </p>
    </div>
  );
}
