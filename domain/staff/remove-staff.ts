import { eq } from "drizzle-orm";
import { z } from "zod";
import { staff, staffSessions } from "../../db/schema/staff.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { staffHolding } from "../shared/access.ts";
import { emailAddress } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { keepAnOwner, lockStaffRow, roleRecord } from "./staff-list.ts";

export const RemoveStaffInput = z.object({ email: emailAddress() });

const declared = { access: staffHolding("staff"), input: RemoveStaffInput };

/** An owner removes someone from the staff list; their back-office sessions end with it. */
export const removeStaff = defineOperation(declared, async function removeStaff(ctx, input, actor): Promise<{ email: string }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockStaffRow(tx, ctx, input.email);
    if (before.role === "owner" || before.email === actor.email) await keepAnOwner(tx, ctx, actor, before.email);
    await tx.delete(staff).where(eq(staff.id, before.id));
    await tx.delete(staffSessions).where(eq(staffSessions.email, before.email));
    await recordAudit(tx, {
      actor,
      action: "staff.remove",
      target: before.email,
      before: roleRecord(before),
      after: null,
      at: now,
    });
    return { email: before.email };
  });
});
