import { z } from "zod";
import { anyone } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { activeRewards, type Reward } from "./rewards.ts";

// Any text: the id is only compared with the rewards' own, so an id no reward has (however long) is simply unknown.
export const FindRewardInput = z.object({ rewardId: z.string({ error: "is required" }) });

/** An active reward by its id (the redemption product id of /member/redeem/{id}), for anyone to see; null when unknown or retired. */
export const findReward = defineOperation(
  { access: anyone, input: FindRewardInput },
  async function findReward(ctx, { rewardId }): Promise<Reward | null> {
    return (await activeRewards(ctx)).find((reward) => reward.id === rewardId) ?? null;
  },
);
