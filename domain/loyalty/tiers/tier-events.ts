import type { Tx } from "../../../db/client.ts";
import { recordShopEvent } from "../../events/record-shop-event.ts";
import type { TierChangedData } from "../../events/shop-event-types.ts";
import type { JobQueue } from "../../shared/job-queue.ts";

const FROM_TO: Record<TierChangedData["change"], Pick<TierChangedData, "from" | "to">> = {
  promoted: { from: "green", to: "gold" },
  renewed: { from: "gold", to: "gold" },
  demoted: { from: "gold", to: "green" },
};

/** Records a member's tier change as a `tier.changed` event, in the transaction that saves it; once per member, change and time. */
export async function recordTierChanged(
  tx: Tx,
  jobs: JobQueue,
  change: { memberId: string; change: TierChangedData["change"]; at: Date; goldStartAt: Date | null; recordedAt: Date },
): Promise<void> {
  await recordShopEvent(tx, jobs, {
    type: "tier.changed",
    key: `tier.changed:${change.memberId}:${change.change}:${change.at.toISOString()}`,
    data: {
      memberId: change.memberId,
      ...FROM_TO[change.change],
      change: change.change,
      at: change.at.toISOString(),
      goldStartAt: change.goldStartAt?.toISOString() ?? null,
    },
    at: change.recordedAt,
  });
}
