import { MailCheck } from "lucide-react";
import { useId } from "react";
import { useFetcher } from "react-router";
import { NEWSLETTER_CONSENT, NEWSLETTER_PATH } from "../../../domain/newsletter/consent.ts";
import type { ActionResult } from "../../lib/action-result.server.ts";

/**
 * The newsletter sign-up: an address and an unticked consent box saying what comes and how often.
 * A plain form post to /newsletter, which answers a browser without JavaScript with its own page (303);
 * once scripts run it posts in place and says the answer here. The same on the cached home page for
 * everyone: nothing in it is per visitor.
 */
export function NewsletterSignup({ values, result }: { values?: Record<string, string>; result?: ActionResult }) {
  const fetcher = useFetcher<ActionResult>();
  const answer = fetcher.data ?? result;
  const typed = answer?.ok ? undefined : (answer?.values ?? values);
  const id = useId();
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-brand-100 bg-brand-50 p-6 sm:p-8">
      <MailCheck aria-hidden="true" className="size-8 text-brand-700" />
      <h2 id={`${id}-heading`} className="mt-3 text-2xl font-bold tracking-tight text-brand-900">
        New flavours and offers, first
      </h2>
      <p className="mt-2 text-muted">
        Our newsletter, at most twice a month. We'll email you a link to confirm before anything else.
      </p>
      <fetcher.Form method="post" action={NEWSLETTER_PATH} className="mt-5 space-y-4">
        <div>
          <label htmlFor={`${id}-email`} className="block font-semibold">
            Email address
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={typed?.email ?? ""}
            aria-invalid={answer?.invalidFields?.includes("email") || undefined}
            className="mt-1 w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5"
          />
        </div>
        <label className="flex items-start gap-3 text-sm">
          <input
            name="consent"
            type="checkbox"
            required
            defaultChecked={false}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
          />
          <span>{NEWSLETTER_CONSENT.wording}</span>
        </label>
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          {busy ? "Signing up…" : "Sign up"}
        </button>
        <p role="status" className={answer?.ok ? "font-semibold text-brand-800" : "font-semibold text-sale"}>
          {answer?.message}
        </p>
      </fetcher.Form>
      <p className="mt-3 text-sm text-muted">
        We use your address for the newsletter only. Read our{" "}
        <a href="/privacy-policy" className="font-semibold text-brand-700 underline underline-offset-2">
          privacy policy
        </a>
        .
      </p>
    </section>
  );
}
