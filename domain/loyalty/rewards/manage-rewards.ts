import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { rewards } from "../../../db/schema/rewards.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { editStamp, refuseStaleEdit, seenStampField, staleSaveMessage } from "../../shared/edit-stamp.ts";
import { requiredText, wholeNumber } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { REWARD_KINDS } from "./reward-kinds.ts";

/** Far above any sensible reward; keeps costs numbers a member can ever save up. */
export const MAX_REWARD_COST = 1_000_000;

const details = {
  name: requiredText(80),
  description: requiredText(500),
  pointsCost: wholeNumber(1, MAX_REWARD_COST),
  position: wholeNumber(0, 10_000),
};

export const CreateRewardInput = z.object({
  /** The address of its redeem page, /member/redeem/{id}: it never changes once created. */
  id: z
    .string({ error: "is required" })
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "must be lower-case letters and digits, joined by single dashes" })
    .max(60, { error: "must be at most 60 characters" }),
  optionKind: z.enum(REWARD_KINDS, { error: `must be one of ${REWARD_KINDS.join(", ")}` }),
  ...details,
});

export const UpdateRewardInput = z.object({
  id: z.string().trim().max(60),
  active: z.boolean(),
  ...details,
  seen: seenStampField(),
});

type RewardRow = typeof rewards.$inferSelect;
const snapshot = (row: Omit<RewardRow, "createdAt" | "updatedAt">) => ({
  name: row.name,
  description: row.description,
  optionKind: row.optionKind,
  pointsCost: row.pointsCost,
  position: row.position,
  active: row.active,
});

/** The edit stamp of a reward's form: a save from a page opened before someone else's is refused. */
export const rewardStamp = (row: Omit<RewardRow, "createdAt" | "updatedAt">) => editStamp(snapshot(row));

const listRewardsForStaffDeclared = { access: staffHolding("catalog"), input: z.object({}) };

/** Every reward, switched on or off, in the members' order; for staff with "catalog". */
export const listRewardsForStaff = defineOperation(listRewardsForStaffDeclared, async function listRewardsForStaff(ctx): Promise<
  RewardRow[]
> {
  return ctx.db.select().from(rewards).orderBy(asc(rewards.position), asc(rewards.id));
});

const createRewardDeclared = { access: staffHolding("catalog"), input: CreateRewardInput };

/** A new reward, offered to members at once. */
export const createReward = defineOperation(createRewardDeclared, async function createReward(ctx, input, actor) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(rewards)
      .values({ ...input, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError("CONFLICT", `A reward with the id ${input.id} exists already.`, { id: "exists already" });
    await recordAudit(tx, {
      actor,
      action: "reward.create",
      target: created.id,
      before: null,
      after: snapshot(created),
      at: now,
    });
    return created;
  });
});

const updateRewardDeclared = { access: staffHolding("catalog"), input: UpdateRewardInput };

/**
 * Changes a reward's wording, cost, place and switch; members see it at once. What it can be taken
 * as stays: redeems already made name it. Redeems in a bag keep the points they cost.
 */
export const updateReward = defineOperation(
  updateRewardDeclared,
  async function updateReward(ctx, { id, seen, ...change }, actor) {
    const now = ctx.now();
    return ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(rewards).where(eq(rewards.id, id)).for("update");
      if (!before) throw new AppError("NOT_FOUND", "There is no such reward.");
      refuseStaleEdit(seen, snapshot(before), staleSaveMessage("this reward"));
      const [after] = await tx
        .update(rewards)
        .set({ ...change, updatedAt: now })
        .where(eq(rewards.id, id))
        .returning();
      if (!after) throw new AppError("NOT_FOUND", "There is no such reward.");
      await recordAudit(tx, {
        actor,
        action: "reward.update",
        target: after.id,
        before: snapshot(before),
        after: snapshot(after),
        at: now,
      });
      return after;
    });
  },
);
