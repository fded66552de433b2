import { Gift, Sparkles, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ProgrammeTerms } from "../../../domain/loyalty/programme/programme.ts";
import { formatPoints, goldRuleText, orderPointsText } from "../../../domain/loyalty/programme/programme-copy.ts";

export type RewardsPitchData = {
  terms: ProgrammeTerms;
  signUpPoints: number;
  reviewPoints: number;
  /** The reward that costs fewest points, as what points are worth; null while none can be taken. */
  firstReward: { name: string; pointsCost: number } | null;
};

/** The rewards programme in three lines, every number from the version in force (programme-copy.ts). */
export function RewardsPitch({ brandName, pitch }: { brandName: string; pitch: RewardsPitchData }) {
  const { terms, signUpPoints, reviewPoints, firstReward } = pitch;
  return (
    <section aria-labelledby="rewards-heading" className="bg-brand-900 text-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 md:grid-cols-[2fr_3fr] md:items-center">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">{brandName} rewards</p>
          <h2 id="rewards-heading" className="mt-2 text-3xl font-extrabold tracking-tight">
            Every sip earns points
          </h2>
          <p className="mt-3 text-brand-100">Free to join with your Google or Facebook account, or a code we email you.</p>
          <Link
            to="/member/login"
            className="mt-6 inline-block rounded-full bg-white px-6 py-3 font-semibold text-brand-900 hover:bg-brand-50"
          >
            Join and get {formatPoints(signUpPoints)}
          </Link>
        </div>
        <ul className="grid gap-5">
          <Perk icon={<Gift aria-hidden="true" className="size-5" />} title={`${formatPoints(signUpPoints)} for joining`}>
            {orderPointsText(terms)}, and trade them for free drinks
            {firstReward ? `: a ${firstReward.name} is ${formatPoints(firstReward.pointsCost)}.` : "."}
          </Perk>
          <Perk icon={<Trophy aria-hidden="true" className="size-5" />} title="From green to gold">
            {goldRuleText(terms)}
          </Perk>
          <Perk icon={<Sparkles aria-hidden="true" className="size-5" />} title="More ways to earn">
            {reviewPoints > 0 ? `${formatPoints(reviewPoints)} for reviewing a drink you bought, and bonus` : "Bonus"} points for
            following us.
          </Perk>
        </ul>
      </div>
    </section>
  );
}

function Perk({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-800 text-white">{icon}</span>
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-brand-100">{children}</p>
      </div>
    </li>
  );
}
