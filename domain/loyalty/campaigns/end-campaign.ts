import { eq } from "drizzle-orm";
import { campaigns } from "../../../db/schema/programme.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { CampaignRefInput } from "./campaign-input.ts";
import { auditRecordOf } from "./campaign-view.ts";
import { lockUnfinishedCampaign } from "./locked-campaign.ts";

const declared = { access: staffHolding("programme"), input: CampaignRefInput };

/**
 * endCampaign: a running campaign ends now (orders paid from now on no longer get it); an upcoming one
 * is called off, and removed, as it never gave anything. The audit entry keeps what it was. A finished
 * one is refused (CONFLICT).
 */
export const endCampaign = defineOperation(declared, async function endCampaign(ctx, input, actor) {
  const now = ctx.now();
  const catalogue = await ctx.catalog.index();
  return ctx.db.transaction(async (tx) => {
    const before = await lockUnfinishedCampaign(tx, input.id, now);
    // One that starts this very instant has not run either (and could not end before it starts).
    const calledOff = before.startsAt >= now;
    if (calledOff) await tx.delete(campaigns).where(eq(campaigns.id, before.id));
    else await tx.update(campaigns).set({ endsAt: now, updatedAt: now }).where(eq(campaigns.id, before.id));
    await recordAudit(tx, {
      actor,
      action: "campaign.end",
      target: before.id,
      before: auditRecordOf(before, catalogue),
      after: calledOff ? null : auditRecordOf({ ...before, endsAt: now }, catalogue),
      at: now,
    });
    return { name: before.name, calledOff, endedAt: now };
  });
});
