import { asc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { staff } from "../../db/schema/staff.ts";
import { AppError } from "../../kernel/app-error.ts";
import type { StaffPermission, StaffRole } from "../../kernel/staff-permissions.ts";
import type { OperationContext, StaffViewer } from "../shared/context.ts";
import { isSettingOwner } from "./staff-access.ts";

export type StaffRow = typeof staff.$inferSelect;

/** What the audit log keeps of a staff member before and after a change. */
export const roleRecord = (row: Pick<StaffRow, "role" | "permissions">) => ({
  role: row.role,
  permissions: row.role === "owner" ? [] : row.permissions,
});

export async function staffRowsByEmail(db: OperationContext["db"]): Promise<StaffRow[]> {
  return db.select().from(staff).orderBy(asc(staff.email));
}

/**
 * The staff row an email names, locked for the change: CONFLICT for an owner OWNER_EMAILS names
 * (changed only there), NOT_FOUND when there is none.
 */
export async function lockStaffRow(tx: Tx, ctx: Pick<OperationContext, "settings">, email: string): Promise<StaffRow> {
  if (isSettingOwner(ctx.settings, email)) {
    throw new AppError("CONFLICT", `${email} is an owner through OWNER_EMAILS; change that setting instead.`);
  }
  const [row] = await tx.select().from(staff).where(eq(staff.email, email)).for("update");
  if (!row) throw new AppError("NOT_FOUND", `${email} is not on the staff list.`);
  return row;
}

/**
 * Refuses a change that would leave the shop without an owner, or lock the acting owner out of
 * managing staff. Owner rows are locked, so two owners demoting each other at once cannot both pass.
 */
export async function keepAnOwner(
  tx: Tx,
  ctx: Pick<OperationContext, "settings">,
  actor: StaffViewer,
  target: string,
): Promise<void> {
  if (target === actor.email) {
    throw new AppError("CONFLICT", "You cannot remove yourself or take away your own owner role. Ask another owner.");
  }
  const owners = await tx.select({ email: staff.email }).from(staff).where(eq(staff.role, "owner")).for("update");
  const remaining = new Set([...ctx.settings.ownerEmails, ...owners.map((owner) => owner.email)]);
  remaining.delete(target);
  if (remaining.size === 0) throw new AppError("CONFLICT", `${target} is the last owner; add another owner first.`);
}

export type RoleChoice = { role: "owner" } | { role: "staff"; permissions: StaffPermission[] };

export const rowValuesOf = (choice: RoleChoice): { role: StaffRole; permissions: StaffPermission[] } =>
  choice.role === "owner" ? { role: "owner", permissions: [] } : { role: "staff", permissions: choice.permissions };
