import { eq } from "drizzle-orm";
import { z } from "zod";
import { programmeVersions } from "../../../db/schema/programme.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { wholeNumber } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { lockProgrammeVersions } from "../programme/programme.ts";
import { auditSidesOf, diffRules } from "../programme/programme-diff.ts";
import { latestPublished, lockedDraft, versionRows, versionTarget } from "./programme-version-rows.ts";

export const DraftNumberInput = z.object({ number: wholeNumber(1, 1_000_000) });

const declared = { access: staffHolding("programme"), input: DraftNumberInput };

/** discardProgrammeDraft: the draft goes, with its changes (the audit log keeps what they were); a published version never. */
export const discardProgrammeDraft = defineOperation(declared, async function discardProgrammeDraft(ctx, { number }, actor) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await lockProgrammeVersions(tx);
    const draft = await lockedDraft(tx, number);
    const base = latestPublished(await versionRows(tx));
    await tx.delete(programmeVersions).where(eq(programmeVersions.number, number));
    // What the draft said where it differed from the version it followed.
    const { after: drafted } = auditSidesOf(diffRules(base.rules, draft.rules));
    await recordAudit(tx, {
      actor,
      action: "programme.draft",
      target: versionTarget(number),
      before: { Draft: `version ${number}, changing version ${base.number}`, ...drafted },
      after: { Draft: "discarded" },
      at: now,
    });
    return { number };
  });
});
