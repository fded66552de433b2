import { eq } from "drizzle-orm";
import { z } from "zod";
import { programmeVersions } from "../../../db/schema/programme.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { refuseStaleEdit, seenStampField, staleSaveMessage } from "../../shared/edit-stamp.ts";
import { wholeNumber } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { lockProgrammeVersions } from "../programme/programme.ts";
import { auditSidesOf, diffRules } from "../programme/programme-diff.ts";
import { ProgrammeRules } from "../programme/programme-rules.ts";
import { NEW_ACTION_VERIFICATIONS } from "../programme/programme-vocabulary.ts";
import { lockedDraft, type VersionRow, versionRows, versionTarget } from "./programme-version-rows.ts";

export const SaveDraftInput = z.object({ number: wholeNumber(1, 1_000_000), rules: ProgrammeRules, seen: seenStampField() });

const declared = { access: staffHolding("programme"), input: SaveDraftInput };

/**
 * An action keeps how it is verified once any version has it (the shop's code credits sign-up and
 * reviews, and members' completions name the action); a new one is checked by a click or by staff.
 */
function refuseVerificationChanges(rules: ProgrammeRules, earlier: readonly VersionRow[]): void {
  const known = new Map(earlier.flatMap((row) => row.rules.actions.map((action) => [action.id, action.verification])));
  const fields: Record<string, string> = {};
  rules.actions.forEach((action, index) => {
    const was = known.get(action.id);
    const allowed = was ? [was] : NEW_ACTION_VERIFICATIONS;
    if (!(allowed as readonly string[]).includes(action.verification)) {
      fields[`rules.actions.${index}.verification`] = was
        ? `Action "${action.id}" is verified by ${was} and keeps that.`
        : `A new action is verified by ${NEW_ACTION_VERIFICATIONS.join(" or ")}.`;
    }
  });
  if (Object.keys(fields).length > 0) throw new AppError("BAD_USER_INPUT", Object.values(fields).join(" "), fields);
}

/**
 * saveProgrammeDraft: the draft's rules, whole, as the form sends them (checked by ProgrammeRules).
 * A published version is refused: it is never edited, only followed by a new one.
 */
export const saveProgrammeDraft = defineOperation(
  declared,
  async function saveProgrammeDraft(ctx, { number, rules, seen }, actor) {
    const now = ctx.now();
    return ctx.db.transaction(async (tx) => {
      await lockProgrammeVersions(tx);
      const draft = await lockedDraft(tx, number);
      refuseStaleEdit(seen, draft.rules, staleSaveMessage("this draft"));
      refuseVerificationChanges(rules, await versionRows(tx));
      const changes = diffRules(draft.rules, rules);
      if (changes.length === 0) return { number, changes };
      await tx.update(programmeVersions).set({ rules, updatedAt: now }).where(eq(programmeVersions.number, number));
      await recordAudit(tx, {
        actor,
        action: "programme.draft",
        target: versionTarget(number),
        ...auditSidesOf(changes),
        at: now,
      });
      return { number, changes };
    });
  },
);
