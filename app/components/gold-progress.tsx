import type { GoldProgress as GoldProgressData } from "../../domain/members/tier.ts";
import { formatMoney } from "../../domain/shared/money.ts";

/** How far a member's spending has come towards gold; a gold member sees it reached. */
export function GoldProgress({ progress }: { progress: GoldProgressData }) {
  const reached = progress.remainingCents <= 0;
  return (
    <section aria-labelledby="gold-progress-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="gold-progress-heading" className="text-lg font-bold text-brand-900">
        Progress to gold
      </h2>
      <p className="mt-1 text-sm text-muted">
        Spend {formatMoney(progress.thresholdCents)} within a year to become a gold member and earn 1.5 times the points.
      </p>
      <div
        role="progressbar"
        aria-label="Progress to gold"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${formatMoney(Math.min(progress.spentCents, progress.thresholdCents))} of ${formatMoney(progress.thresholdCents)}`}
        className="mt-4 h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-amber-500" style={{ width: `${progress.percent}%` }} />
      </div>
      <p className="mt-2 flex flex-wrap justify-between gap-x-4 text-sm">
        <span>
          <strong>{formatMoney(progress.spentCents)}</strong> spent
        </span>
        <span data-testid="gold-remaining" className="font-semibold text-brand-900">
          {reached ? "You're a gold member." : `${formatMoney(progress.remainingCents)} more to reach gold`}
        </span>
      </p>
    </section>
  );
}
