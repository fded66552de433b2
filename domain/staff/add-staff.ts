import { randomUUID } from "node:crypto";
import { z } from "zod";
import { staff } from "../../db/schema/staff.ts";
import { AppError } from "../../kernel/app-error.ts";
import type { StaffPermission } from "../../kernel/staff-permissions.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { staffHolding } from "../shared/access.ts";
import { emailAddress } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { isSettingOwner } from "./staff-access.ts";
import { StaffRoleInput } from "./staff-input.ts";
import { roleRecord, rowValuesOf } from "./staff-list.ts";

export const AddStaffInput = z.object({ email: emailAddress() }).and(StaffRoleInput);

const declared = { access: staffHolding("staff"), input: AddStaffInput };

/** An owner adds someone to the staff list by email, as an owner or with chosen permissions. */
export const addStaff = defineOperation(declared, async function addStaff(ctx, input, actor) {
  if (isSettingOwner(ctx.settings, input.email)) {
    throw new AppError("CONFLICT", `${input.email} is already an owner through OWNER_EMAILS.`);
  }
  const values = rowValuesOf(
    input.role === "owner" ? { role: "owner" } : { role: "staff", permissions: input.permissions as StaffPermission[] },
  );
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staff)
      .values({ id: randomUUID(), email: input.email, ...values, addedBy: actor.email, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: staff.email })
      .returning();
    if (!row) throw new AppError("CONFLICT", `${input.email} is already on the staff list.`);
    await recordAudit(tx, { actor, action: "staff.add", target: row.email, before: null, after: roleRecord(row), at: now });
    return row;
  });
});
