import type { PointKind } from "../../../kernel/point-kinds.ts";

/**
 * The groups of the four deleteAll… debug operations. "earned" is the earn actions a member completes
 * (sign-up stays: it belongs to the membership, like the member row itself). No server code here: the
 * debug panel names each group's kinds when it asks before deleting them.
 */
export const DELETABLE_GROUPS = {
  earned: ["follow-ig", "follow-tt", "follow-fb", "refer-friends", "post-review", "tag-social"],
  refund: ["refund"],
  bonus: ["bonus"],
  "dummy-order": ["dummy-order"],
} as const satisfies Record<string, readonly PointKind[]>;

export type DeletableGroup = keyof typeof DELETABLE_GROUPS;
