import type { RewardKind } from "./rewards.ts";

/** The kinds of reward, in the order staff choose from, each with what a member can take it as. */
export const REWARD_KINDS = ["pouch", "joffee-box", "box-4", "box-8"] as const satisfies readonly RewardKind[];

export const REWARD_KIND_LABELS: Record<RewardKind, string> = {
  pouch: "A nectar pouch",
  "joffee-box": "A Joffee box",
  "box-4": "A 4-serving nectar box",
  "box-8": "An 8-serving nectar or shot box",
};
