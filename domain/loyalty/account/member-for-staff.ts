import { z } from "zod";
import { AppError } from "../../../kernel/app-error.ts";
import { byMemberId, loadMemberView } from "../../members/load-member.ts";
import { loadPointHistoryPage } from "../../members/point-history.ts";
import { defineOperation } from "../../shared/operation.ts";
import { memberClock } from "../expiry/expiry-clocks.ts";
import { memberExpiries } from "../expiry/member-expiries.ts";
import { programmeSchedule } from "../programme/programme.ts";
import { memberScreens } from "./member-admin-access.ts";

export const MemberForStaffInput = z.object({
  memberId: z.string().min(1).max(120),
  /** A ledger cursor from an earlier page; checked where the ledger is read. */
  before: z.string().max(200).nullish(),
});

const declared = { access: memberScreens, input: MemberForStaffInput };

/** Everything about one member for the back office, with a page of their ledger (newest first), their expiries and when their points expire. */
export const getMemberForStaff = defineOperation(declared, async function getMemberForStaff(ctx, input, staff) {
  const member = await loadMemberView(ctx, byMemberId(input.memberId));
  if (!member) throw new AppError("NOT_FOUND", "There is no member with this id.");
  const history = await loadPointHistoryPage(ctx, member.id, { before: input.before });
  const [expiries, expiry] = await Promise.all([
    memberExpiries(ctx.db, member.id),
    memberClock(ctx.db, member.id, await programmeSchedule(ctx)),
  ]);
  const expiring = expiry?.clock && expiry.points > 0 ? { points: expiry.points, expiresAt: expiry.clock.expiresAt } : null;
  return { member, history, expiries, expiring, mayAdjustPoints: staff.permissions.has("points") };
});
