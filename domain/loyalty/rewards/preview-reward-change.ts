import { eq } from "drizzle-orm";
import { rewards } from "../../../db/schema/rewards.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { staffHolding } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { liabilityCents, outstandingPoints } from "../expiry/points-liability.ts";
import { programmeSchedule } from "../programme/programme.ts";
import { UpdateRewardInput } from "./manage-rewards.ts";
import { pointValueCents } from "./point-value.ts";
import { activeRewards, withChoices } from "./rewards.ts";

/** One side of a reward change: its cost and switch, what a point is then worth and the liability it makes. */
export type RewardValuation = { pointsCost: number; active: boolean; pointValueCents: number; liabilityCents: number };

export type RewardChangePreview = {
  id: string;
  name: string;
  /** The members' outstanding points, valued before and after (the dashboard's liability). */
  outstandingPoints: number;
  before: RewardValuation;
  after: RewardValuation;
  /** Whether saving it moves what points are worth: its cost or its switch changes. */
  movesValue: boolean;
};

const declared = { access: staffHolding("catalog"), input: UpdateRewardInput };

/**
 * previewRewardChange: what saving a change to a reward would do to the programme's liability, the
 * members' outstanding points at the best value for points among the rewards offered, before and
 * after. Nothing is saved.
 */
export const previewRewardChange = defineOperation(
  declared,
  async function previewRewardChange(ctx, input): Promise<RewardChangePreview> {
    const [row] = await ctx.db.select().from(rewards).where(eq(rewards.id, input.id));
    if (!row) throw new AppError("NOT_FOUND", "There is no such reward.");
    const catalogue = await ctx.catalog.index();
    const offered = await activeRewards(ctx);
    const others = offered.filter((reward) => reward.id !== row.id);
    const changed = withChoices({ ...row, pointsCost: input.pointsCost, active: input.active }, catalogue.products);
    const [{ outstanding }, valueBefore, valueAfter] = await Promise.all([
      outstandingPoints(ctx, await programmeSchedule(ctx), ctx.now()),
      pointValueCents(ctx, offered),
      pointValueCents(ctx, input.active ? [...others, changed] : others),
    ]);
    const side = (pointsCost: number, active: boolean, value: number) => ({
      pointsCost,
      active,
      pointValueCents: value,
      liabilityCents: liabilityCents(outstanding, value),
    });
    return {
      id: row.id,
      name: row.name,
      outstandingPoints: outstanding,
      before: side(row.pointsCost, row.active, valueBefore),
      after: side(input.pointsCost, input.active, valueAfter),
      movesValue: row.pointsCost !== input.pointsCost || row.active !== input.active,
    };
  },
);
