import { z } from "zod";
import { anyone } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { activeRewards, type Reward } from "./rewards.ts";

const declared = { access: anyone, input: z.object({}) };

/** The rewards catalogue, for anyone to see: the active rewards in order, each with what it can be taken as today. */
export const listRewards = defineOperation(declared, async function listRewards(ctx): Promise<Reward[]> {
  return activeRewards(ctx);
});
