import { STACKING_RULE } from "../../domain/loyalty/campaigns/campaign-copy.ts";

/** The running campaigns a product or bag line is covered by, each in a sentence on a highlighted line. */
export function CampaignBadges({ headlines, className = "" }: { headlines: readonly string[]; className?: string }) {
  if (headlines.length === 0) return null;
  return (
    <ul aria-label="Bonus points campaigns" className={`space-y-1 ${className}`} data-testid="campaign-badges">
      {headlines.map((headline) => (
        <li
          key={headline}
          className="w-fit rounded-lg bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-900 ring-1 ring-amber-300"
        >
          <span aria-hidden="true">★ </span>
          {headline}
        </li>
      ))}
    </ul>
  );
}

/** A section listing running campaigns, with the stacking rule; nothing when none runs. */
export function RunningCampaigns({ headlines, intro }: { headlines: readonly string[]; intro: string }) {
  if (headlines.length === 0) return null;
  return (
    <section
      aria-labelledby="campaigns-heading"
      className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-5"
      data-testid="running-campaigns"
    >
      <h2 id="campaigns-heading" className="text-lg font-bold text-amber-950">
        Bonus points campaigns
      </h2>
      <p className="mt-1 text-amber-950">{intro}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 font-semibold text-amber-950">
        {headlines.map((headline) => (
          <li key={headline}>{headline}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-amber-950">{STACKING_RULE}</p>
    </section>
  );
}
