import { eq } from "drizzle-orm";
import { campaigns } from "../../../db/schema/programme.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import type { Campaign } from "./campaign.ts";
import { EditCampaignInput, instantOf } from "./campaign-input.ts";
import { campaignOf } from "./campaign-schedule.ts";
import { auditRecordOf } from "./campaign-view.ts";
import { lockUnfinishedCampaign } from "./locked-campaign.ts";

const declared = { access: staffHolding("programme"), input: EditCampaignInput };

/**
 * editCampaign: an upcoming or running campaign's name and end. What it gives, covers and whom stays:
 * members may have been told, and a running one has been given. A finished one is refused (CONFLICT).
 */
export const editCampaign = defineOperation(declared, async function editCampaign(ctx, input, actor): Promise<Campaign> {
  const now = ctx.now();
  const endsAt = instantOf(input.endsAt);
  const catalogue = await ctx.catalog.index();
  return ctx.db.transaction(async (tx) => {
    const before = await lockUnfinishedCampaign(tx, input.id, now);
    if (endsAt <= now || endsAt <= before.startsAt) {
      throw new AppError("BAD_USER_INPUT", "endsAt must be after the start and in the future (end it early to stop it now)", {
        endsAt: "must be after the start and in the future",
      });
    }
    const [row] = await tx
      .update(campaigns)
      .set({ name: input.name, endsAt, updatedAt: now })
      .where(eq(campaigns.id, before.id))
      .returning();
    if (!row) throw new AppError("NOT_FOUND", "There is no such campaign.");
    const after = campaignOf(row);
    await recordAudit(tx, {
      actor,
      action: "campaign.update",
      target: after.id,
      before: auditRecordOf(before, catalogue),
      after: auditRecordOf(after, catalogue),
      at: now,
    });
    return after;
  });
});
