import { goldPromotionText, goldRenewalText } from "../../domain/loyalty/programme/programme-copy.ts";
import type { GoldProgress as GoldProgressData } from "../../domain/loyalty/tiers/tiers.ts";
import { formatDate } from "../../kernel/format-timestamp.ts";
import { formatMoney } from "../../kernel/money.ts";

/** A green member's spending towards gold, or a gold member's spending towards another gold year. */
export function GoldProgress({ progress }: { progress: GoldProgressData }) {
  const { terms } = progress;
  const reached = progress.remainingCents <= 0;
  const renewal = progress.goal === "renewal" && progress.renewBy !== null;
  const renewBy = progress.renewBy ? formatDate(progress.renewBy) : "";
  const threshold = formatMoney(progress.thresholdCents);
  const label = renewal ? "Progress to keep gold" : "Progress to gold";
  let status = reached ? "You're a gold member." : `${formatMoney(progress.remainingCents)} more to reach gold`;
  if (renewal) {
    status = reached
      ? `You keep gold for another year from ${renewBy}.`
      : `${formatMoney(progress.remainingCents)} more by ${renewBy} to keep gold`;
  }
  return (
    <section aria-labelledby="gold-progress-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="gold-progress-heading" className="text-lg font-bold text-brand-900">
        {renewal ? "Keep your gold status" : "Progress to gold"}
      </h2>
      <p className="mt-1 text-sm text-muted">{renewal ? goldRenewalText(renewBy, terms) : goldPromotionText(terms)}</p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${formatMoney(Math.min(progress.spentCents, progress.thresholdCents))} of ${threshold}`}
        className="mt-4 h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-amber-500" style={{ width: `${progress.percent}%` }} />
      </div>
      <p className="mt-2 flex flex-wrap justify-between gap-x-4 text-sm">
        <span>
          <strong>{formatMoney(progress.spentCents)}</strong> spent{renewal ? " this gold year" : ""}
        </span>
        <span data-testid="gold-remaining" className="font-semibold text-brand-900">
          {status}
        </span>
      </p>
    </section>
  );
}
