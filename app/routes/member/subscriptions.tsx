import { Gift, Repeat } from "lucide-react";
import { data, Link } from "react-router";
import { listAddresses } from "../../../domain/checkout/address-book/address-book.ts";
import { cadenceWords } from "../../../domain/subscriptions/manage/change-cadence.ts";
import { MAX_SUBSCRIBED_QUANTITY } from "../../../domain/subscriptions/manage/change-quantity.ts";
import { listOwnSubscriptions } from "../../../domain/subscriptions/manage/list-own-subscriptions.ts";
import { addDaysToDate, singaporeDate } from "../../../kernel/singapore-time.ts";
import { LATEST_PAUSE_END_DAYS, LATEST_RENEWAL_MOVE_DAYS } from "../../../kernel/subscription-terms.ts";
import { BackLink } from "../../components/back-link.tsx";
import { SubscriptionCard } from "../../components/subscriptions/subscription-card.tsx";
import { requestContext } from "../../context.ts";
import { readForm, unreadableRequest } from "../../lib/action-result.server.ts";
import { MEMBER_PLACES } from "../../lib/member-paths.ts";
import { privatePageHeaders, requireMember } from "../../lib/member-session.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { cardChangeReturn, changeFromForm } from "../../lib/subscription-changes.server.ts";
import type { SubscriptionChangeResult } from "../../lib/subscription-intents.ts";
import type { Route } from "./+types/subscriptions";

export const meta: Route.MetaFunction = (args) => pageMeta(args, MEMBER_PLACES.subscriptions.title);

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireMember(ctx, request);
  const url = new URL(request.url);
  // Back from the provider's card page: the card goes on before the list is read.
  const cardChange = await cardChangeReturn(ctx.operations, url);
  const own = await listOwnSubscriptions(ctx.operations, {});
  const today = singaporeDate(ctx.operations.now());
  return data(
    {
      subscriptions: own.subscriptions,
      pendingRewards: own.pendingRewards,
      choices: {
        cadences: own.cadencesWeeks.map((weeks) => ({ weeks, words: cadenceWords(weeks) })),
        swapChoices: own.swapChoices,
        maxQuantity: MAX_SUBSCRIBED_QUANTITY,
        addresses: await listAddresses(ctx.operations, {}),
        days: {
          earliest: addDaysToDate(today, 1),
          latestMove: addDaysToDate(today, LATEST_RENEWAL_MOVE_DAYS),
          latestPause: addDaysToDate(today, LATEST_PAUSE_END_DAYS),
        },
      },
      cancelling: url.searchParams.get("cancel"),
      cardChange: cardChange && { ok: cardChange.ok, message: cardChange.message },
    },
    { status: cardChange?.status ?? 200 },
  );
}

/** One change to one of the member's subscriptions, as its form names it. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  await requireMember(ctx, request);
  const form = await readForm(request);
  if (!form) return unreadableRequest();
  return changeFromForm(ctx, request, form);
}

export default function MemberSubscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const { subscriptions, pendingRewards, choices, cardChange } = loaderData;
  const answer = actionData && "intent" in actionData ? (actionData as SubscriptionChangeResult) : undefined;
  const unplaced = actionData && !answer ? actionData : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <BackLink to={MEMBER_PLACES.home.href}>Member home</BackLink>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900">{MEMBER_PLACES.subscriptions.title}</h1>
      <p className="mt-2 text-muted">Skip, move, swap, pause or cancel any time: changes count from your next box.</p>

      {cardChange && (
        <p
          role={cardChange.ok ? "status" : "alert"}
          className={`mt-6 rounded-lg border p-3 font-medium ${cardChange.ok ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-red-200 bg-red-50 text-sale"}`}
        >
          {cardChange.message}
        </p>
      )}
      {unplaced && (
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-sale">
          {unplaced.message}
        </p>
      )}
      {answer && !answer.ok && !subscriptions.some((subscription) => subscription.id === answer.subscriptionId) && (
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-sale">
          {answer.message}
        </p>
      )}

      {pendingRewards.length > 0 && subscriptions.some((subscription) => subscription.status !== "cancelled") && (
        <p
          data-testid="pending-rewards"
          className="mt-6 flex items-start gap-2 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950"
        >
          <Gift aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            <strong>Riding with your next box:</strong> {pendingRewards.join(", ")}
          </span>
        </p>
      )}

      {subscriptions.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 text-center">
          <Repeat aria-hidden="true" className="mx-auto size-8 text-brand-700" />
          <p className="mt-3 font-semibold text-ink">You have no subscriptions yet.</p>
          <p className="mt-1 text-muted">Choose "Subscribe and save" on a product page to have your boxes come on a schedule.</p>
          <Link
            to="/shop"
            className="mt-4 inline-block rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            Go to the shop
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-6">
          {subscriptions.map((subscription) => (
            <SubscriptionCard
              key={subscription.id}
              subscription={subscription}
              choices={choices}
              answer={answer}
              confirmingCancel={loaderData.cancelling === subscription.id}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
