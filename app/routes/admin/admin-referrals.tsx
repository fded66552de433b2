import { Link, useActionData } from "react-router";
import { REFERRAL_REASONS } from "../../../domain/referrals/fraud-rules.ts";
import { DecideReferralInput, decideReferral } from "../../../domain/referrals/staff/decide-referral.ts";
import { listReferralsForStaff, type StaffReferral } from "../../../domain/referrals/staff/list-referrals-for-staff.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { REFERRAL_STATE_LABELS } from "../../../kernel/referral-states.ts";
import { ActionMessage, AdminForm, SubmitButton } from "../../components/admin/admin-form.tsx";
import { LINK, PageHeading, Section } from "../../components/admin/admin-parts.tsx";
import { type ActionResult, failureResult } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-referrals";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Referrals"), { name: "robots", content: "noindex" }];

const reasonText = (reason: string) =>
  reason in REFERRAL_REASONS ? REFERRAL_REASONS[reason as keyof typeof REFERRAL_REASONS] : reason;

const rowOf = (referral: StaffReferral) => ({
  ...referral,
  state: REFERRAL_STATE_LABELS[referral.state],
  reasons: referral.reasons.map(reasonText),
  discount: formatMoney(referral.discountCents),
  made: formatTimestamp(referral.createdAt),
});

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const { held, recent } = await refusedAsPage(listReferralsForStaff(operations, {}));
  return { held: held.map(rowOf), recent: recent.map(rowOf) };
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  try {
    const { state } = await decideReferral(operations, formInput(DecideReferralInput, form));
    const message =
      state === "refused" ? "Referral refused: it earns no points." : "Referral approved: it pays once past its refund window.";
    return { ok: true, message } satisfies ActionResult;
  } catch (error) {
    return failureResult(error);
  }
}

type Row = ReturnType<typeof rowOf>;

function Who({ referral }: { referral: Row }) {
  return (
    <p>
      <Link to={`/admin/members/${referral.referrerMemberId}`} className={LINK}>
        {referral.referrerEmail}
      </Link>{" "}
      referred {referral.friendName} ({referral.friendEmail}) · order {referral.invoiceId} · {referral.discount} off ·{" "}
      {referral.made}
    </p>
  );
}

export default function AdminReferrals({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { held, recent } = loaderData;
  return (
    <>
      <PageHeading title="Referrals">
        A referral pays the referrer once the friend's first order is delivered and past its refund window. The fraud checks
        refuse a member's own orders and hold doubtful ones here.
      </PageHeading>
      <ActionMessage result={result} />
      <Section id="held" title="Waiting for a decision">
        {held.length === 0 ? (
          <p>No referral is waiting.</p>
        ) : (
          <ul className="space-y-4">
            {held.map((referral) => (
              <li key={referral.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="held-referral">
                <Who referral={referral} />
                <ul className="mt-2 list-disc pl-5 text-sm">
                  {referral.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
                <AdminForm hiddenFields={[["referralId", referral.id]]} className="mt-3 flex flex-wrap gap-2">
                  <SubmitButton name="decision" value="approve" aria-label={`Approve ${referral.friendEmail}'s referral`}>
                    Approve
                  </SubmitButton>
                  <SubmitButton
                    look="secondary"
                    name="decision"
                    value="refuse"
                    aria-label={`Refuse ${referral.friendEmail}'s referral`}
                  >
                    Refuse
                  </SubmitButton>
                </AdminForm>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="recent" title="Latest referrals">
        {recent.length === 0 ? (
          <p>No referrals yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {recent.map((referral) => (
              <li key={referral.id} className="p-3" data-testid="recent-referral">
                <Who referral={referral} />
                <p className="text-sm text-muted">
                  {referral.state}
                  {referral.reasons.length > 0 && ` · ${referral.reasons.join("; ")}`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
