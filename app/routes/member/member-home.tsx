import { Gift, Repeat, Star, UserCog } from "lucide-react";
import { data, Link } from "react-router";
import { getMemberHome } from "../../../domain/loyalty/account/get-member-home.ts";
import { isForTier } from "../../../domain/loyalty/campaigns/campaign.ts";
import { listActiveCampaigns } from "../../../domain/loyalty/campaigns/list-active-campaigns.ts";
import { formatPoints } from "../../../domain/loyalty/programme/programme-copy.ts";
import { getReferralCard } from "../../../domain/referrals/get-member-referrals.ts";
import { isAppError } from "../../../kernel/app-error.ts";
import { formatDate } from "../../../kernel/format-timestamp.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { RunningCampaigns } from "../../components/campaign-notes.tsx";
import { ClaimOrderForm } from "../../components/claim-order-form.tsx";
import { GoldProgress } from "../../components/gold-progress.tsx";
import { MemberAvatar } from "../../components/member-avatar.tsx";
import { MemberOrders } from "../../components/member-orders.tsx";
import { PointHistory } from "../../components/point-history.tsx";
import { ReferralLinkCard } from "../../components/referral-link-card.tsx";
import { RewardsList } from "../../components/rewards-list.tsx";
import { SignOutButton } from "../../components/sign-out-button.tsx";
import { TierBadge } from "../../components/tier-badge.tsx";
import { When } from "../../components/when.tsx";
import { type RequestContext, requestContext } from "../../context.ts";
import { readForm, unreadableRequest } from "../../lib/action-result.server.ts";
import { claimOrder } from "../../lib/claim-order.server.ts";
import { CLAIM_ORDER_INTENT, isClaimOrderResult } from "../../lib/claim-order.ts";
import { memberOrderRows } from "../../lib/member-order-rows.server.ts";
import { MEMBER_PLACES } from "../../lib/member-paths.ts";
import { privatePageHeaders, requireMember, signOutToken } from "../../lib/member-session.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { deviceOf } from "../../lib/referral-cookie.server.ts";
import type { Route } from "./+types/member-home";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Member");

export const headers: Route.HeadersFunction = privatePageHeaders;

/** Where a page of older point history starts; the heading is where the page should open. */
const HISTORY_PARAM = "before";
const HISTORY_HEADING = "#point-history-heading";
const olderHistoryHref = (cursor: string) => `/member?${new URLSearchParams({ [HISTORY_PARAM]: cursor })}${HISTORY_HEADING}`;

/**
 * The member's home, with the page of point history the address asks for. A `before` that is not a
 * cursor of ours answers 400 with the newest page and a message, never an error page.
 */
async function memberHomeAt(ctx: RequestContext, memberId: string, before: string | null) {
  try {
    return { home: await getMemberHome(ctx.operations, { memberId, before }), historyProblem: null };
  } catch (error) {
    if (before === null || !isAppError(error) || error.code !== "BAD_USER_INPUT") throw error;
    const historyProblem = "That link to older points is not valid. Here are your newest points.";
    return { home: await getMemberHome(ctx.operations, { memberId }), historyProblem };
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const member = await requireMember(ctx, request);
  const before = new URL(request.url).searchParams.get(HISTORY_PARAM);
  const { home, historyProblem } = await memberHomeAt(ctx, member.id, before);
  const { pointHistory } = home;
  const device = deviceOf(request, ctx.settings.secureCookies);
  const referral = await getReferralCard(ctx.operations, { memberId: member.id, deviceId: device.deviceId });
  const campaigns = (await listActiveCampaigns(ctx.operations, {})).filter((campaign) =>
    isForTier(campaign, member.membershipStatus),
  );
  return data(
    {
      campaigns: campaigns.map((campaign) => campaign.headline),
      member: {
        name: member.name,
        picture: member.picture,
        membershipStatus: member.membershipStatus,
        points: member.points,
        totalSpentCents: member.totalSpentCents,
        purchaseCount: member.purchaseCount,
        // The day is what "since" means; the time of day would only crowd a phone's first screen.
        memberSince: formatDate(member.membershipStartAt),
        goldSince: member.membershipStatus === "gold" && member.goldStartAt ? formatDate(member.goldStartAt) : null,
      },
      // "N points expire on D": the date in Singapore, as the shop's days are.
      expiry: home.expiry && { points: home.expiry.points, on: formatDate(home.expiry.expiresAt) },
      pointsAhead: home.pointsAhead,
      csrfToken: signOutToken(ctx),
      progress: home.progress,
      // Both lists come newest first; the history a page at a time.
      history: {
        entries: pointHistory.entries.map((entry) => ({
          id: entry.id,
          label: entry.activityLabel,
          date: entry.formattedTransactionTimestamp,
          points: entry.transactionType === "debit" ? -entry.points : entry.points,
        })),
        olderHref: pointHistory.nextCursor ? olderHistoryHref(pointHistory.nextCursor) : null,
        isOlderPage: before !== null && historyProblem === null,
        newestHref: `/member${HISTORY_HEADING}`,
        problem: historyProblem,
      },
      rewards: home.rewards.map((reward) => ({
        id: reward.id,
        name: reward.name,
        pointsCost: reward.pointsCost,
        available: reward.choices.length > 0,
      })),
      orders: memberOrderRows(home.linkedOrders),
      referral: referral && {
        url: `${ctx.siteOrigin}${referral.path}`,
        friendDiscountPercent: referral.friendDiscountPercent,
        rewardText: referral.rewardText,
        count: referral.friendsReferred,
      },
    },
    { status: historyProblem ? 400 : 200, headers: device.setCookie ? { "Set-Cookie": device.setCookie } : undefined },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const member = await requireMember(ctx, request);
  const form = await readForm(request);
  if (!form) return unreadableRequest();
  if (form.get("intent") === CLAIM_ORDER_INTENT) return claimOrder(ctx, member.id, form);
  return data({ ok: false, message: "This form is not known here. Please reload the page." }, { status: 400 });
}

const placeClass =
  "inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-full px-3 py-2.5 text-sm font-semibold sm:gap-2 sm:px-5";
const outlineClass = "border border-brand-700 text-brand-700 hover:bg-brand-50";

export default function MemberHome({ loaderData, actionData }: Route.ComponentProps) {
  const { member, progress, history, orders } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-10">
      {/* Who, and where to go next, all on a phone's first screen. */}
      <header className="flex items-center gap-4">
        <MemberAvatar name={member.name} picture={member.picture} />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Member</p>
          <h1 className="break-words text-2xl font-extrabold tracking-tight text-brand-900 sm:text-3xl">{member.name}</h1>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
            <TierBadge status={member.membershipStatus} />
            <span className="text-sm text-muted">
              Member since <When>{member.memberSince}</When>
            </span>
            {member.goldSince && (
              <span className="text-sm text-muted">
                Gold since <When>{member.goldSince}</When>
              </span>
            )}
          </div>
        </div>
      </header>

      <nav aria-label="Member" className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:gap-3">
        <Link to={MEMBER_PLACES.earnPoints.href} className={`${placeClass} bg-brand-700 text-white hover:bg-brand-800`}>
          <Gift aria-hidden="true" className="size-4" />
          {MEMBER_PLACES.earnPoints.title}
        </Link>
        <Link to={MEMBER_PLACES.subscriptions.href} className={`${placeClass} ${outlineClass}`}>
          <Repeat aria-hidden="true" className="size-4" />
          {MEMBER_PLACES.subscriptions.title}
        </Link>
        <Link to={MEMBER_PLACES.reviews.href} className={`${placeClass} ${outlineClass}`}>
          <Star aria-hidden="true" className="size-4" />
          {MEMBER_PLACES.reviews.title}
        </Link>
        <Link to={MEMBER_PLACES.settings.href} className={`${placeClass} ${outlineClass}`}>
          <UserCog aria-hidden="true" className="size-4" />
          {MEMBER_PLACES.settings.title}
        </Link>
        {loaderData.csrfToken && (
          <SignOutButton
            csrfToken={loaderData.csrfToken}
            className={`${placeClass} w-full border border-slate-300 text-ink hover:bg-slate-50`}
          />
        )}
      </nav>

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Stat label="Points" value={formatNumber(member.points)} testId="member-points" highlight />
        <Stat label="Total spent" value={formatMoney(member.totalSpentCents)} testId="member-total-spent" />
        <Stat label="Purchases" value={formatNumber(member.purchaseCount)} testId="member-purchases" />
      </dl>

      {loaderData.expiry && (
        <p data-testid="points-expiry" className="mt-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950">
          <strong>
            {formatNumber(loaderData.expiry.points)} {loaderData.expiry.points === 1 ? "point expires" : "points expire"} on{" "}
            <When>{loaderData.expiry.on}</When>
          </strong>{" "}
          unless you earn or redeem points before then.
        </p>
      )}

      {loaderData.pointsAhead && (
        <p data-testid="subscription-points-ahead" className="mt-3 rounded-2xl border border-brand-100 bg-white px-4 py-3">
          <strong>
            Your subscriptions will earn about {formatPoints(loaderData.pointsAhead.points)} in the next{" "}
            {formatNumber(loaderData.pointsAhead.days)} days
          </strong>{" "}
          from {formatNumber(loaderData.pointsAhead.renewals)} {loaderData.pointsAhead.renewals === 1 ? "renewal" : "renewals"} at
          today's prices and your tier.
        </p>
      )}

      <RunningCampaigns
        headlines={loaderData.campaigns}
        intro="Running now, and you qualify: your paid orders get these bonus points."
      />

      <div className="mt-6 space-y-6">
        <GoldProgress progress={progress} />
        <RewardsList rewards={loaderData.rewards} points={member.points} />
        {loaderData.referral && (
          <div>
            <ReferralLinkCard link={loaderData.referral} />
            <Link to="/member/referrals" className="mt-2 inline-block font-semibold text-brand-700 underline">
              Friends you referred ({formatNumber(loaderData.referral.count)})
            </Link>
          </div>
        )}
        <PointHistory {...history} />
        <MemberOrders orders={orders} />
        <ClaimOrderForm result={isClaimOrderResult(actionData) ? actionData : null} />
      </div>
    </div>
  );
}

function Stat({ label, value, testId, highlight }: { label: string; value: string; testId: string; highlight?: boolean }) {
  return (
    <div
      className={`rounded-2xl border p-4 ${highlight ? "col-span-2 border-brand-100 bg-brand-50 sm:col-span-1" : "border-slate-200 bg-white"}`}
    >
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd data-testid={testId} className="mt-1 text-xl font-extrabold tabular-nums text-brand-900 sm:text-2xl">
        {value}
      </dd>
    </div>
  );
}
