import { z } from "zod";
import { text } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { activeRewards, type Reward } from "./rewards.ts";

export const FindRewardInput = z.object({ rewardId: text(200) });

/** An active reward by its id (the redemption product id of /member/redeem/{id}), for anyone to see; null when unknown or retired. */
export const findReward = defineOperation(
  FindRewardInput,
  async (ctx, { rewardId }): Promise<Reward | null> =>
    (await activeRewards(ctx)).find((reward) => reward.id === rewardId) ?? null,
);
