import { CalendarX } from "lucide-react";
import { data, Form, Link } from "react-router";
import { readSkipRenewalLink, skipRenewalByLink } from "../../../domain/subscriptions/skip-renewal-link.ts";
import { formatCalendarDate } from "../../../kernel/format-timestamp.ts";
import { requestContext } from "../../context.ts";
import { expectedFailure } from "../../lib/action-result.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/skip-renewal";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Skip a box"), { name: "robots", content: "noindex" }];

/** The link names one subscription: no cache may keep the page. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("t") ?? "";

/**
 * A reminder's skip link. Opening it only asks (mail scanners open every link); the button's post
 * skips that one date, once, and the page then says it is skipped.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return {
      ok: true as const,
      ...(await readSkipRenewalLink(context.get(requestContext).operations, { token: tokenOf(request) })),
    };
  } catch (error) {
    const { message, status } = expectedFailure(error);
    return data({ ok: false as const, message }, { status });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    return {
      ok: true as const,
      ...(await skipRenewalByLink(context.get(requestContext).operations, { token: tokenOf(request) })),
    };
  } catch (error) {
    const { message, status } = expectedFailure(error);
    return data({ ok: false as const, message }, { status });
  }
}

const buttonClass =
  "inline-flex items-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800";
const linkClass = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";

const WORDS = {
  skipped: (on: string, next: string) => [`Your box of ${on} is skipped`, `Your next box comes on ${next}.`],
  renewing: (on: string) => ["This box can no longer be skipped", `Your box of ${on} is already being sent or charged.`],
  moved: (on: string, next: string) => [
    "This box has moved",
    `Your subscription no longer has a box on ${on}; the next one is on ${next}.`,
  ],
  not_active: () => ["This subscription isn't renewing", "It is paused, stopped or cancelled, so there is no box to skip."],
} as const;

export default function SkipRenewal({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <CalendarX aria-hidden="true" className="size-10 text-brand-700" />
      {!shown.ok ? (
        <>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900">This link doesn't work</h1>
          <p role="alert" className="mt-4 text-ink">
            {shown.message}
          </p>
        </>
      ) : shown.state === "can_skip" ? (
        <>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900">
            Skip your box of {formatCalendarDate(shown.dueOn)}?
          </h1>
          <p className="mt-4 text-ink">Nothing is sent or charged for that date; your subscription goes on after it.</p>
          <Form method="post" className="mt-6">
            <button type="submit" className={buttonClass}>
              Skip this box
            </button>
          </Form>
        </>
      ) : (
        <>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900">
            {WORDS[shown.state](formatCalendarDate(shown.dueOn), formatCalendarDate(shown.nextRenewalOn))[0]}
          </h1>
          <p role="status" className="mt-4 text-ink">
            {WORDS[shown.state](formatCalendarDate(shown.dueOn), formatCalendarDate(shown.nextRenewalOn))[1]}
          </p>
        </>
      )}
      <p className="mt-6">
        <Link to="/member/subscriptions" className={linkClass}>
          Manage your subscriptions
        </Link>
      </p>
    </div>
  );
}
