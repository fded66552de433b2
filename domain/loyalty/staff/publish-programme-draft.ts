import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { catalogRevision } from "../../../db/schema/catalog.ts";
import { programmeVersions } from "../../../db/schema/programme.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { singaporeDateTime } from "../../../kernel/singapore-time.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { refuseStaleEdit, seenStampField } from "../../shared/edit-stamp.ts";
import { text, wholeNumber } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { lockProgrammeForPublishing } from "../programme.ts";
import { auditSidesOf, diffRules } from "../programme-diff.ts";
import { latestPublished, lockedDraft, publishedRefusal, versionRows, versionTarget } from "./programme-version-rows.ts";

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
 * publishProgrammeDraft: the draft becomes the next version, in force from now or from a chosen time,
 * never in the past and never before a version already published, so the history stays one line. It is
 * then never changed (a trigger refuses it too). Two publishes at once: one wins, the other is refused.
 */
export const publishProgrammeDraft = defineOperation(declared, async function publishProgrammeDraft(ctx, input, actor) {
  const chosen = chosenTime(input);
  return ctx.db.transaction(async (tx) => {
    // Locks in the order a review's approval takes them (the catalogue revision, then the programme),
    // so the two never wait on each other; publishing bumps the revision when the version turns published.
    await tx.select().from(catalogRevision).where(eq(catalogRevision.id, 1)).for("update");
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
    const previous = latestPublished(await versionRows(tx));
    if (effectiveAt < (previous.effectiveAt as Date)) {
      const from = formatTimestamp(previous.effectiveAt as Date);
      throw refuseTime(
        `Version ${previous.number} takes effect on ${from}; a new version cannot take effect before it, so the history stays in one line. Choose ${from} or later.`,
      );
    }
    const [published] = await tx
      .update(programmeVersions)
      .set({ state: "published", effectiveAt, publishedBy: actor.email, publishedAt: now, updatedAt: now })
      .where(and(eq(programmeVersions.number, draft.number), eq(programmeVersions.state, "draft")))
      .returning();
    if (!published) throw publishedRefusal(draft);
    const sides = auditSidesOf(diffRules(previous.rules, draft.rules));
    await recordAudit(tx, {
      actor,
      action: "programme.publish",
      target: versionTarget(draft.number),
      before: { Version: `${previous.number}`, ...sides.before },
      after: { Version: `${draft.number}, in force from ${formatTimestamp(effectiveAt)}`, ...sides.after },
      at: now,
    });
    return { number: draft.number, effectiveAt, follows: previous.number };
  });
});
