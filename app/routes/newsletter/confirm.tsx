import { MailCheck } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { FROM_PAGE } from "../../../domain/member-emails/unsubscribe-page.ts";
import { confirmNewsletter, readNewsletterConfirmation } from "../../../domain/newsletter/confirm.ts";
import { NEWSLETTER_CONFIRM_PATH, NEWSLETTER_UNSUBSCRIBE_PATH } from "../../../domain/newsletter/consent.ts";
import { requestContext } from "../../context.ts";
import { expectedFailure } from "../../lib/action-result.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/confirm";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, "Confirm your sign-up"),
  { name: "robots", content: "noindex" },
];

/** The link names one address: no cache may keep the page. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("t") ?? "";

/**
 * A confirmation email's link (decision 058). Opening it only asks, since mail scanners open every
 * link and a scanner's visit is nobody's consent; the button's post confirms, then shows this page again (303).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  try {
    return { ok: true as const, token, ...(await readNewsletterConfirmation(context.get(requestContext).operations, { token })) };
  } catch (error) {
    const { message, status } = expectedFailure(error);
    return data({ ok: false as const, message }, { status });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = tokenOf(request);
  try {
    await confirmNewsletter(context.get(requestContext).operations, { token });
  } catch (error) {
    const { message, status } = expectedFailure(error);
    return data({ message }, { status });
  }
  throw redirect(`${NEWSLETTER_CONFIRM_PATH}?t=${encodeURIComponent(token)}`, 303);
}

const buttonClass = "rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800";
const linkClass = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";

export default function ConfirmNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData?.message ?? (loaderData.ok ? null : loaderData.message);
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <MailCheck aria-hidden="true" className="size-10 text-brand-700" />
      {failure || !loaderData.ok ? (
        <>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900">This link doesn't work</h1>
          <p role="alert" className="mt-4 text-ink">
            {failure}
          </p>
        </>
      ) : loaderData.confirmed ? (
        <>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900">You're subscribed</h1>
          <p role="status" className="mt-4 text-ink">
            Thank you for confirming. Our newsletter comes at most twice a month, and every one has a link to unsubscribe.
          </p>
          <form
            method="post"
            action={`${NEWSLETTER_UNSUBSCRIBE_PATH}?t=${encodeURIComponent(loaderData.unsubscribeToken)}`}
            className="mt-6 flex flex-wrap items-center gap-2"
          >
            <input type="hidden" name={FROM_PAGE.name} value={FROM_PAGE.value} />
            Changed your mind?
            <button type="submit" className={linkClass}>
              Unsubscribe
            </button>
          </form>
        </>
      ) : (
        <>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900">Confirm your newsletter sign-up</h1>
          <p className="mt-4 text-ink">One click and you're on the list. You can unsubscribe at any time.</p>
          <Form method="post" action={`${NEWSLETTER_CONFIRM_PATH}?t=${encodeURIComponent(loaderData.token)}`} className="mt-6">
            <button type="submit" className={buttonClass}>
              Confirm my sign-up
            </button>
          </Form>
        </>
      )}
      <p className="mt-8">
        <Link to="/" className={linkClass}>
          Back to the shop
        </Link>
      </p>
    </div>
  );
}
