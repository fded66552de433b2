import { data, useNavigation } from "react-router";
import { listActiveCampaigns } from "../../../domain/loyalty/campaigns/list-active-campaigns.ts";
import { createEarnPointTransaction } from "../../../domain/loyalty/points/earn-points.ts";
import type { EarnAction } from "../../../domain/loyalty/programme/earn-actions.ts";
import { getProgramme } from "../../../domain/loyalty/programme/get-programme.ts";
import { renewalEarningsText } from "../../../domain/loyalty/programme/programme-copy.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { BackLink } from "../../components/back-link.tsx";
import { RunningCampaigns } from "../../components/campaign-notes.tsx";
import { type BrandPage, BrandPageLink, EarnActionCard, type EarnActionItem } from "../../components/earn-action-card.tsx";
import { type BrandPages, requestContext } from "../../context.ts";
import { type ActionResult, failureResult, formText, readForm, unreadableRequest } from "../../lib/action-result.server.ts";
import { privatePageHeaders, requireMember } from "../../lib/member-session.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/earn-points";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Earn Points");

export const headers: Route.HeadersFunction = privatePageHeaders;

function stateOf(action: EarnAction, done: boolean): EarnActionItem["state"] {
  if (action.verification === "membership") return "automatic";
  if (done) return "done";
  if (action.earnedThrough) return "elsewhere";
  return action.isDisabled ? "coming-soon" : "open";
}

/** What a claim answers: the message and, for a social action, the brand page to open. */
type EarnResult = ActionResult & { brandPage?: BrandPage };

const NETWORK_NAMES = { instagram: "Instagram", tiktok: "TikTok", facebook: "Facebook" } as const;

function brandPageOf(action: EarnAction | undefined, pages: BrandPages): BrandPage | undefined {
  const network = action?.socialNetwork;
  return network ? { url: pages[network], network: NETWORK_NAMES[network] } : undefined;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const member = await requireMember(ctx, request);
  const completed = new Set(member.activities);
  const { actions, subscriptions } = await getProgramme(ctx.operations, {});
  const campaigns = await listActiveCampaigns(ctx.operations, {});
  return {
    points: member.points,
    campaigns: campaigns.map((campaign) => campaign.headline),
    renewals: renewalEarningsText(subscriptions),
    actions: actions.map(
      (action): EarnActionItem => ({
        id: action.id,
        icon: action.icon,
        title: action.title,
        description: action.description,
        points: action.points,
        state: stateOf(action, completed.has(action.id)),
        brandPage: brandPageOf(action, ctx.settings.brandPages),
        earnedThrough: action.earnedThrough,
      }),
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const member = await requireMember(ctx, request);
  const form = await readForm(request);
  if (!form) return unreadableRequest();
  try {
    const activityType = formText(form, "activity");
    const { member: after, credited } = await createEarnPointTransaction(ctx.operations, {
      memberId: member.id,
      meta: { activityType },
    });
    const done = (await getProgramme(ctx.operations, {})).actions.find((candidate) => candidate.id === activityType);
    const message =
      credited && done
        ? `You earned ${formatNumber(done.points)} points for "${done.title}". Your balance is ${formatNumber(after.points)} points.`
        : "You have already earned the points for this one.";
    return data<EarnResult>({ ok: true, message, brandPage: brandPageOf(done, ctx.settings.brandPages) });
  } catch (error) {
    return failureResult(error);
  }
}

export default function EarnPoints({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // Failures answer a plain ActionResult, which names no brand page.
  const brandPage = (actionData as EarnResult | undefined)?.brandPage;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <BackLink to="/member">Member home</BackLink>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900">Earn points</h1>
      <p className="mt-2 text-muted">
        Each of these earns points once. You have{" "}
        <strong data-testid="earn-balance" className="text-ink">
          {formatNumber(loaderData.points)}
        </strong>{" "}
        points.
      </p>

      <RunningCampaigns
        headlines={loaderData.campaigns}
        intro="Besides the actions below, orders paid while these run earn bonus points."
      />

      {loaderData.renewals && (
        <p data-testid="renewal-earnings" className="mt-4 text-muted">
          {loaderData.renewals}
        </p>
      )}

      <div role="status" aria-live="polite" className="mt-6 empty:hidden">
        {actionData && (
          <p
            className={`rounded-lg border p-3 font-medium ${
              actionData.ok ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-red-200 bg-red-50 text-sale"
            }`}
          >
            {actionData.message}
            {brandPage && (
              <>
                {" "}
                <BrandPageLink page={brandPage} verb="Open" />
              </>
            )}
          </p>
        )}
      </div>

      <ul className="mt-6 space-y-3">
        {loaderData.actions.map((action) => (
          <EarnActionCard key={action.id} action={action} busy={busy} />
        ))}
      </ul>
    </div>
  );
}
