import { ChevronRight, Gift } from "lucide-react";
import { Link } from "react-router";
import { formatPoints } from "../../domain/loyalty/programme/programme-copy.ts";

export type RewardSummary = { id: string; name: string; pointsCost: number; available: boolean };

/** The rewards catalogue on the member's home page, each linking to its redeem page. */
export function RewardsList({ rewards, points }: { rewards: RewardSummary[]; points: number }) {
  return (
    <section aria-labelledby="rewards-list-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="rewards-list-heading" className="flex items-center gap-2 text-lg font-bold text-brand-900">
        <Gift aria-hidden="true" className="size-5 text-amber-700" />
        Rewards
      </h2>
      <p className="mt-1 text-sm text-muted">
        Take a box or a pouch with your points; it ships with your next paid order and adds nothing to its shipping.
      </p>
      {rewards.length === 0 ? (
        <p className="mt-3 text-muted">No rewards are offered right now.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="rewards-list">
          {rewards.map((reward) => (
            <li key={reward.id}>
              <Link
                to={`/member/redeem/${reward.id}`}
                className="flex items-center justify-between gap-4 py-3 hover:text-brand-700"
              >
                <span className="min-w-0">
                  <span className="block font-medium">{reward.name}</span>
                  <span className="block text-sm text-muted">
                    {!reward.available
                      ? "Currently unavailable"
                      : points >= reward.pointsCost
                        ? "You have enough points"
                        : `${formatPoints(reward.pointsCost - points)} to go`}
                  </span>
                </span>
                <span className="flex shrink-0 items-center gap-1 font-bold tabular-nums text-amber-900">
                  {formatPoints(reward.pointsCost)}
                  <ChevronRight aria-hidden="true" className="size-4" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
