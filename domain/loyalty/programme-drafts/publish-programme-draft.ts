import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { programmeVersions } from "../../../db/schema/programme.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { singaporeDateTime } from "../../../kernel/singapore-time.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { refuseStaleEdit, seenStampField } from "../../shared/edit-stamp.ts";
import { text, wholeNumber } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { lockProgrammeForPublishing, lockProgrammeVersions } from "../programme/programme.ts";
import { auditSidesOf, diffRules } from "../programme/programme-diff.ts";
import {
  latestPublished,
  lockedDraft,
  publishedRefusal,
  scheduledAfter,
  unpublish,
  type VersionRow,
  versionRows,
  versionTarget,
} from "./programme-version-rows.ts";

export const PublishInput = z.object({
  number: wholeNumber(1, 1_000_000),
  /** now: it takes effect as it is published; scheduled: at the Singapore date and time given. */
  when: z.enum(["now", "scheduled"], { error: "must be now or scheduled" }),
  date: text(10),
  time: text(5),
  /** The draft as the page that publishes it showed it: a draft changed since is not published unseen. */
  seen: seenStampField(),
});

const declared = { access: staffHolding("programme"), input: PublishInput };

const refuseTime = (message: string) => new AppError("BAD_USER_INPUT", message, { date: message });

/** The moment asked for: null for now. */
function chosenTime(input: z.output<typeof PublishInput>): Date | null {
  if (input.when === "now") return null;
  const at = singaporeDateTime(`${input.date}T${input.time}`);
  if (!at) throw refuseTime("Choose the Singapore date and time it takes effect.");
  return at;
}

/**
 * The history stays one line: a version never takes effect before one that has, nor at the same moment
 * as one it would follow with a lower number; and only one scheduled version can give way to it, since
 * it goes back to being the one draft.
 */
function refuseOutOfLine(draft: VersionRow, previous: VersionRow, displaced: readonly VersionRow[], at: Date): void {
  const from = previous.effectiveAt as Date;
  if (from.getTime() === at.getTime() && previous.number > draft.number)
    throw refuseTime(
      `Version ${previous.number} takes effect at that very time: choose a later time, so version ${draft.number} follows it.`,
    );
  const last = displaced.at(-1);
  if (displaced.length > 1 && last)
    throw refuseTime(
      `Versions ${displaced.map((row) => row.number).join(" and ")} are scheduled after that time, and only one scheduled version can go back to being a draft: withdraw version ${last.number} first, or choose ${formatTimestamp(last.effectiveAt as Date)} or later.`,
    );
}

/**
 * publishProgrammeDraft: the draft becomes the next version, in force from now or from a chosen time,
 * never in the past. Published before a version scheduled later, it takes that version's place: the
 * scheduled one goes back to being a draft with its rules (decision 040). It is then never changed (a
 * trigger refuses it too). Two publishes at once: one wins, the other is refused.
 */
export const publishProgrammeDraft = defineOperation(declared, async function publishProgrammeDraft(ctx, input, actor) {
  const chosen = chosenTime(input);
  return ctx.db.transaction(async (tx) => {
    await lockProgrammeVersions(tx);
    await lockProgrammeForPublishing(tx);
    const now = ctx.now();
    const draft = await lockedDraft(tx, input.number);
    refuseStaleEdit(
      input.seen,
      draft.rules,
      "Someone else saved this draft after you opened this page, so it was not published. Read what it changes now, then publish.",
    );
    const effectiveAt = chosen ?? now;
    if (effectiveAt < now)
      throw refuseTime(`${formatTimestamp(effectiveAt)} is in the past: choose a later time, or publish now.`);
    const rows = await versionRows(tx);
    const displaced = scheduledAfter(rows, effectiveAt);
    const previous = latestPublished(rows.filter((row) => !displaced.includes(row)));
    refuseOutOfLine(draft, previous, displaced, effectiveAt);
    const [published] = await tx
      .update(programmeVersions)
      .set({ state: "published", effectiveAt, publishedBy: actor.email, publishedAt: now, updatedAt: now })
      .where(and(eq(programmeVersions.number, draft.number), eq(programmeVersions.state, "draft")))
      .returning();
    if (!published) throw publishedRefusal(draft);
    // The version scheduled after it goes back to being the draft: it never took effect.
    const [replaced] = displaced;
    if (replaced) await unpublish(tx, { version: replaced, actor, now, why: `version ${draft.number} takes effect before it` });
    const sides = auditSidesOf(diffRules(previous.rules, draft.rules));
    await recordAudit(tx, {
      actor,
      action: "programme.publish",
      target: versionTarget(draft.number),
      before: { Version: `${previous.number}`, ...sides.before },
      after: { Version: `${draft.number}, in force from ${formatTimestamp(effectiveAt)}`, ...sides.after },
      at: now,
    });
    return { number: draft.number, effectiveAt, follows: previous.number, withdrew: replaced?.number ?? null };
  });
});
