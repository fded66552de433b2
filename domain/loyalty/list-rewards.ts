import { z } from "zod";
import { defineOperation } from "../shared/operation.ts";
import { activeRewards, type Reward } from "./rewards.ts";

/** The rewards catalogue, for anyone to see: the active rewards in order, each with what it can be taken as today. */
export const listRewards = defineOperation(z.object({}), async (ctx): Promise<Reward[]> => activeRewards(ctx));
