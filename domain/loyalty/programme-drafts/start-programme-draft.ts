import { z } from "zod";
import { programmeVersions } from "../../../db/schema/programme.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { lockProgrammeVersions } from "../programme/programme.ts";
import { latestPublished, versionRows, versionTarget } from "./programme-version-rows.ts";

const declared = { access: staffHolding("programme"), input: z.object({}) };

const draftExists = (number: number, by: string) =>
  new AppError("CONFLICT", `Version ${number} is a draft already (started by ${by}): edit it, or discard it first.`);

/**
 * startProgrammeDraft: a draft of the next version, a copy of the rules of the published version that
 * takes effect last (the one in force, or one scheduled after it), which it will follow. One draft at a
 * time (a partial unique index backs that up).
 */
export const startProgrammeDraft = defineOperation(declared, async function startProgrammeDraft(ctx, _input, actor) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await lockProgrammeVersions(tx);
    const rows = await versionRows(tx);
    const draft = rows.find((row) => row.state === "draft");
    if (draft) throw draftExists(draft.number, draft.createdBy);
    const base = latestPublished(rows);
    const number = Math.max(...rows.map((row) => row.number)) + 1;
    const [created] = await tx
      .insert(programmeVersions)
      .values({ number, state: "draft", rules: base.rules, createdBy: actor.email, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ number: programmeVersions.number });
    // Another draft was started at the same moment.
    if (!created) throw new AppError("CONFLICT", "Another draft was started a moment ago: reload the page to edit it.");
    await recordAudit(tx, {
      actor,
      action: "programme.draft",
      target: versionTarget(number),
      before: null,
      after: { Draft: `started as a copy of version ${base.number}` },
      at: now,
    });
    return { number, basedOn: base.number };
  });
});
