import { eq } from "drizzle-orm";
import { z } from "zod";
import { staff } from "../../db/schema/staff.ts";
import type { StaffPermission } from "../../kernel/staff-permissions.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { staffHolding } from "../shared/access.ts";
import { emailAddress } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { StaffRoleInput } from "./staff-input.ts";
import { keepAnOwner, lockStaffRow, roleRecord, rowValuesOf } from "./staff-list.ts";

export const ChangeStaffRoleInput = z.object({ email: emailAddress() }).and(StaffRoleInput);

const declared = { access: staffHolding("staff"), input: ChangeStaffRoleInput };

/** An owner changes someone's role or permissions; never leaving the shop without an owner. */
export const changeStaffRole = defineOperation(declared, async function changeStaffRole(ctx, input, actor) {
  const values = rowValuesOf(
    input.role === "owner" ? { role: "owner" } : { role: "staff", permissions: input.permissions as StaffPermission[] },
  );
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockStaffRow(tx, ctx, input.email);
    if (before.role === "owner" && values.role !== "owner") await keepAnOwner(tx, ctx, actor, before.email);
    const [after] = await tx
      .update(staff)
      .set({ ...values, updatedAt: now })
      .where(eq(staff.id, before.id))
      .returning();
    if (!after) throw new Error("The staff row went away while locked.");
    await recordAudit(tx, {
      actor,
      action: "staff.change",
      target: after.email,
      before: roleRecord(before),
      after: roleRecord(after),
      at: now,
    });
    return after;
  });
});
