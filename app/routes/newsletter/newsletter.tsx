import { data, redirect, useActionData } from "react-router";
import { NEWSLETTER_PATH, NEWSLETTER_SENT } from "../../../domain/newsletter/consent.ts";
import { SubscribeInput, subscribeToNewsletter } from "../../../domain/newsletter/subscribe.ts";
import { NewsletterSignup } from "../../components/home/newsletter-signup.tsx";
import { requestContext } from "../../context.ts";
import { type ActionResult, failureResult, readForm, unreadableRequest } from "../../lib/action-result.server.ts";
import { formInput, typedValues } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Newsletter"), { name: "robots", content: "noindex" }];

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** `?done=sent`: where a sign-up posted without JavaScript lands (303), so a reload never posts again. */
export function loader({ request }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get("done") === "sent";
  return sent ? { result: { ok: true, message: NEWSLETTER_SENT } satisfies ActionResult } : { result: undefined };
}

/**
 * The newsletter sign-up (decision 058), posted from the home page's form. A browser's own post that
 * worked moves to this page's `?done=sent` (303); a hydrated form's post (`/newsletter.data`) gets the
 * answer as data. A refusal (no consent, a bad address, too many tries) answers with this page and the
 * form filled in again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { operations, clientAddress } = context.get(requestContext);
  const form = await readForm(request);
  if (!form) return unreadableRequest();
  try {
    await subscribeToNewsletter(operations, formInput(SubscribeInput, form, { clientAddress }));
  } catch (error) {
    return failureResult(error, { labels: { email: "Email address" }, values: typedValues(SubscribeInput, form) });
  }
  if (!new URL(request.url).pathname.endsWith(".data")) throw redirect(`${NEWSLETTER_PATH}?done=sent`, 303);
  return data<ActionResult>({ ok: true, message: NEWSLETTER_SENT });
}

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const refused = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">Our newsletter</h1>
      <div className="mt-6">
        <NewsletterSignup result={refused ?? loaderData.result} />
      </div>
    </div>
  );
}
