import { data, Link } from "react-router";
import { getMemberReferrals } from "../../../domain/referrals/get-member-referrals.ts";
import { formatDate } from "../../../kernel/format-timestamp.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { REFERRAL_STATE_LABELS } from "../../../kernel/referral-states.ts";
import { BackLink } from "../../components/back-link.tsx";
import { ReferralLinkCard } from "../../components/referral-link-card.tsx";
import { requestContext } from "../../context.ts";
import { privatePageHeaders, requireMember } from "../../lib/member-session.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { deviceOf } from "../../lib/referral-cookie.server.ts";
import type { Route } from "./+types/referrals";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Your referrals");

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const member = await requireMember(ctx, request);
  const device = deviceOf(request, ctx.settings.secureCookies);
  const view = await getMemberReferrals(ctx.operations, { memberId: member.id, deviceId: device.deviceId });
  const link = view.path
    ? {
        url: `${ctx.siteOrigin}${view.path}`,
        friendDiscountPercent: view.friendDiscountPercent,
        rewardText: view.rewardText,
      }
    : null;
  const body = {
    link,
    referrals: view.referrals.map((referral) => ({
      ...referral,
      stateLabel: REFERRAL_STATE_LABELS[referral.state],
      createdOn: formatDate(referral.createdAt),
    })),
  };
  return data(body, device.setCookie ? { headers: { "Set-Cookie": device.setCookie } } : undefined);
}

export default function MemberReferrals({ loaderData }: Route.ComponentProps) {
  const { link, referrals } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <BackLink to="/member">Member home</BackLink>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900">Your referrals</h1>
      <div className="mt-6">
        {link ? (
          <ReferralLinkCard link={link} />
        ) : (
          <p className="rounded-2xl border border-slate-200 bg-white p-5 text-muted">
            Referring friends is coming soon.{" "}
            <Link to="/member/earn-points" className="font-semibold text-brand-700 underline">
              See other ways to earn
            </Link>
            .
          </p>
        )}
      </div>
      <section aria-labelledby="referrals-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="referrals-heading" className="text-lg font-bold text-brand-900">
          Friends you referred
        </h2>
        {referrals.length === 0 ? (
          <p className="mt-2 text-muted">No friend has ordered through your link yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100" data-testid="referral-list">
            {referrals.map((referral) => (
              <li key={referral.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3" data-testid="referral">
                <span>
                  <span className="font-semibold">{referral.friendName}</span>{" "}
                  <span className="text-sm text-muted">ordered {referral.createdOn}</span>
                </span>
                <span data-testid="referral-state">
                  {referral.stateLabel}
                  {referral.points !== null && <> · {formatNumber(referral.points)} points</>}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
