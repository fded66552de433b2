import { eq } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { campaigns } from "../../../db/schema/programme.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { type Campaign, campaignStatus } from "./campaign.ts";
import { campaignOf } from "./campaign-schedule.ts";

/**
 * The campaign, locked for the change the caller makes: NOT_FOUND when there is none, CONFLICT once it
 * has finished (a finished campaign is what members were given and stays as it was).
 */
export async function lockUnfinishedCampaign(tx: Tx, id: string, at: Date): Promise<Campaign> {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for("update");
  if (!row) throw new AppError("NOT_FOUND", "There is no such campaign.");
  const campaign = campaignOf(row);
  if (campaignStatus(campaign, at) === "finished") {
    throw new AppError("CONFLICT", `"${campaign.name}" has finished and can no longer be changed.`);
  }
  return campaign;
}
