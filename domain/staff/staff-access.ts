import { eq } from "drizzle-orm";
import { staff } from "../../db/schema/staff.ts";
import { permissionsOf } from "../../kernel/staff-permissions.ts";
import type { OperationContext, StaffViewer } from "../shared/context.ts";

/** An owner named by OWNER_EMAILS: always an owner, never in the staff list's hands. */
export function isSettingOwner(settings: OperationContext["settings"], email: string): boolean {
  return settings.ownerEmails.includes(email.toLowerCase());
}

/**
 * Who this (verified) email is in the back office: an owner from the setting, else the staff list's
 * row, else nobody (null). Read at every request, so a change of role or a removal applies at once.
 */
export async function staffViewerOf(
  ctx: Pick<OperationContext, "db" | "settings">,
  email: string,
  session: StaffViewer["session"] = null,
): Promise<StaffViewer | null> {
  const normalised = email.toLowerCase();
  const [row] = await ctx.db.select().from(staff).where(eq(staff.email, normalised));
  if (isSettingOwner(ctx.settings, normalised)) {
    return {
      kind: "staff",
      staffId: row?.id ?? normalised,
      email: normalised,
      role: "owner",
      permissions: permissionsOf("owner", []),
      session,
    };
  }
  if (!row) return null;
  return {
    kind: "staff",
    staffId: row.id,
    email: normalised,
    role: row.role,
    permissions: permissionsOf(row.role, row.permissions),
    session,
  };
}
