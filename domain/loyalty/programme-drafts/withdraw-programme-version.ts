import { z } from "zod";
import { AppError } from "../../../kernel/app-error.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { staffHolding } from "../../shared/access.ts";
import { wholeNumber } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { lockProgrammeForPublishing, lockProgrammeVersions } from "../programme/programme.ts";
import { scheduledAfter, unpublish, versionRows } from "./programme-version-rows.ts";

export const WithdrawInput = z.object({ number: wholeNumber(1, 1_000_000) });

const declared = { access: staffHolding("programme"), input: WithdrawInput };

const conflict = (message: string) => new AppError("CONFLICT", message);

/**
 * withdrawProgrammeVersion: a version scheduled for later goes back to being a draft, its rules kept,
 * until the moment it takes effect. It holds the programme's lock alone, as publishing does, and reads
 * its clock after taking it: a ledger writer under way at the effective moment has finished (and the
 * withdrawal is refused as too late), or starts after and never sees the version. Two staff at once:
 * the second is told it is a draft already.
 */
export const withdrawProgrammeVersion = defineOperation(
  declared,
  async function withdrawProgrammeVersion(ctx, { number }, actor) {
    return ctx.db.transaction(async (tx) => {
      await lockProgrammeVersions(tx);
      await lockProgrammeForPublishing(tx);
      const now = ctx.now();
      const rows = await versionRows(tx);
      const version = rows.find((row) => row.number === number);
      if (!version) throw new AppError("NOT_FOUND", `There is no version ${number}.`);
      if (version.state === "draft")
        throw conflict(`Version ${number} is a draft, not a published version: there is nothing to withdraw.`);
      const effectiveAt = version.effectiveAt as Date;
      if (effectiveAt <= now)
        throw conflict(
          `Version ${number} took effect on ${formatTimestamp(effectiveAt)} and can no longer be withdrawn: members' points and tiers follow it. Publish a new version to change the programme.`,
        );
      const following = scheduledAfter(rows, effectiveAt).concat(
        rows.filter(
          (row) => row.state === "published" && row.number > number && row.effectiveAt?.getTime() === effectiveAt.getTime(),
        ),
      );
      const next = following.sort((a, b) => (a.effectiveAt as Date).getTime() - (b.effectiveAt as Date).getTime()).at(-1);
      if (next)
        throw conflict(
          `Version ${next.number} is scheduled after version ${number} and follows it: withdraw version ${next.number} first.`,
        );
      const draft = rows.find((row) => row.state === "draft");
      if (draft)
        throw conflict(
          `Draft ${draft.number} is open, and there is one draft at a time: publish or discard it, then withdraw version ${number}.`,
        );
      await unpublish(tx, { version, actor, now, why: "withdrawn before it took effect" });
      return { number, effectiveAt };
    });
  },
);
