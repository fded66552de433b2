import { previewMemberEmails } from "../../../domain/member-emails/preview-member-emails.ts";
import { PageHeading } from "../../components/admin/admin-parts.tsx";
import { refusedAsPage, requireStaffPage } from "../../lib/back-office.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-emails";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Member emails"), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  return { emails: await refusedAsPage(previewMemberEmails(operations, {})) };
}

/**
 * Every programme email as a member gets it, with sample data and the programme in force: the HTML in
 * a sandboxed frame (no scripts, no forms, nothing of the back office reachable from it) and the text
 * part as mail clients without HTML show it.
 */
export default function AdminEmails({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title="Member emails">
        The loyalty programme's emails, as members get them (sample data, the programme in force). Members choose which they get
        on their account page, each carrying a one-click unsubscribe link; service emails about a subscription are sent whatever
        they choose.
      </PageHeading>
      <nav aria-label="Member emails" className="mt-4">
        <ul className="flex flex-wrap gap-x-4 gap-y-2">
          {loaderData.emails.map((email) => (
            <li key={email.kind}>
              <a href={`#${email.kind}`} className="font-semibold text-brand-700 underline">
                {email.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {loaderData.emails.map((email) => (
        <section
          key={email.kind}
          id={email.kind}
          aria-labelledby={`${email.kind}-heading`}
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
        >
          <h2 id={`${email.kind}-heading`} className="text-xl font-bold text-brand-900">
            {email.label}
          </h2>
          <p className="mt-1 text-muted">{email.about}</p>
          <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">Subject</dt>
            <dd data-testid={`${email.kind}-subject`}>{email.subject}</dd>
            <dt className="font-semibold">List-Unsubscribe</dt>
            <dd className="break-all font-mono text-xs">
              {email.unsubscribeUrl ? `${email.unsubscribeUrl} (one-click, RFC 8058)` : "none: sent whatever the member chooses"}
            </dd>
          </dl>
          <iframe
            title={`${email.label}: the email as HTML`}
            srcDoc={email.html}
            sandbox=""
            className="mt-4 h-[40rem] w-full rounded-lg border border-slate-300"
          />
          <details className="mt-3">
            <summary className="cursor-pointer font-semibold text-brand-700">Text part</summary>
            <pre className="mt-2 rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap">{email.text}</pre>
          </details>
        </section>
      ))}
    </>
  );
}
