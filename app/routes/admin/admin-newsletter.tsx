import { NEWSLETTER_CONSENT } from "../../../domain/newsletter/consent.ts";
import { countNewsletterSubscribers } from "../../../domain/newsletter/staff/newsletter-subscribers.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { PageHeading } from "../../components/admin/admin-parts.tsx";
import { refusedAsPage, requireStaffPage } from "../../lib/back-office.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-newsletter";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Newsletter"), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  return await refusedAsPage(countNewsletterSubscribers(operations, {}));
}

/** The newsletter's list: how many confirmed, how many still waiting, and the download of those who confirmed. */
export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title="Newsletter">
        Shoppers sign up on the home page and get the newsletter only once they confirm from the email we send them. Every address
        below carries its own one-click unsubscribe link: put it in each newsletter you send.
      </PageHeading>
      <dl className="mt-6 grid max-w-lg grid-cols-2 gap-4">
        <div className="rounded-2xl border border-slate-200 bg-white p-4">
          <dt className="text-sm font-semibold text-muted">Confirmed subscribers</dt>
          <dd className="mt-1 text-3xl font-extrabold text-brand-900" data-testid="confirmed-subscribers">
            {formatNumber(loaderData.confirmed)}
          </dd>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-4">
          <dt className="text-sm font-semibold text-muted">Waiting to confirm</dt>
          <dd className="mt-1 text-3xl font-extrabold text-brand-900">{formatNumber(loaderData.pending)}</dd>
        </div>
      </dl>
      <p className="mt-6">
        <a href="/admin/newsletter.csv" download className="font-semibold text-brand-700 underline">
          Download the confirmed subscribers (CSV)
        </a>
      </p>
      <p className="mt-2 text-sm text-muted">Each download is recorded in the audit log.</p>
      <h2 className="mt-8 text-lg font-bold">What they agreed to (version {NEWSLETTER_CONSENT.version})</h2>
      <blockquote className="mt-2 max-w-prose border-l-4 border-brand-100 pl-4 text-muted">
        {NEWSLETTER_CONSENT.wording}
      </blockquote>
    </>
  );
}
