import { randomUUID } from "node:crypto";
import { campaigns } from "../../../db/schema/programme.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import type { Campaign } from "./campaign.ts";
import { CreateCampaignInput, checkedTerms, instantOf } from "./campaign-input.ts";
import { campaignOf } from "./campaign-schedule.ts";
import { auditRecordOf } from "./campaign-view.ts";

/** How far in the past a start may be typed: the minute the form was filled in, read as starting now. */
const START_GRACE_MS = 5 * 60_000;

const declared = { access: staffHolding("programme"), input: CreateCampaignInput };

/**
 * createCampaign: a campaign starting now or later (Singapore time), ending after it starts and after
 * now. A start a few minutes past (the form's own minute) starts it now; an earlier one is refused, as
 * orders already paid would not get it.
 */
export const createCampaign = defineOperation(declared, async function createCampaign(ctx, input, actor): Promise<Campaign> {
  const now = ctx.now();
  const asked = input.startsAt === undefined ? now : instantOf(input.startsAt);
  if (asked.getTime() < now.getTime() - START_GRACE_MS) {
    throw new AppError("BAD_USER_INPUT", "startsAt must not be in the past", { startsAt: "must not be in the past" });
  }
  const startsAt = new Date(Math.max(asked.getTime(), now.getTime()));
  const endsAt = instantOf(input.endsAt);
  if (endsAt <= startsAt) {
    throw new AppError("BAD_USER_INPUT", "endsAt must be after the start (and after now)", {
      endsAt: "must be after the start (and after now)",
    });
  }
  const terms = await checkedTerms(ctx, input);
  const catalogue = await ctx.catalog.index();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(campaigns)
      .values({
        id: randomUUID(),
        name: input.name,
        ...terms,
        scopeIds: [...terms.scopeIds],
        startsAt,
        endsAt,
        createdBy: actor.email,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error("The campaign insert returned nothing.");
    const created = campaignOf(row);
    await recordAudit(tx, {
      actor,
      action: "campaign.create",
      target: created.id,
      before: null,
      after: auditRecordOf(created, catalogue),
      at: now,
    });
    return created;
  });
});
