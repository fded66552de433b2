import { z } from "zod";
import type { StaffPermission, StaffRole } from "../../kernel/staff-permissions.ts";
import { requireStaff } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { staffRowsByEmail } from "./staff-list.ts";

export type StaffEntry = {
  email: string;
  role: StaffRole;
  permissions: StaffPermission[];
  /** Named by OWNER_EMAILS: an owner that cannot be changed or removed here. */
  fromSetting: boolean;
  addedBy: string | null;
};

/** Everyone who may enter the back office: the setting's owners first, then the staff list. */
export const listStaff = defineOperation(z.object({}), async (ctx): Promise<StaffEntry[]> => {
  requireStaff(ctx, "staff");
  const rows = await staffRowsByEmail(ctx.db);
  const fromSetting = ctx.settings.ownerEmails.map(
    (email): StaffEntry => ({ email, role: "owner", permissions: [], fromSetting: true, addedBy: null }),
  );
  const listed = rows
    .filter((row) => !ctx.settings.ownerEmails.includes(row.email))
    .map(
      (row): StaffEntry => ({
        email: row.email,
        role: row.role,
        permissions: row.role === "owner" ? [] : row.permissions,
        fromSetting: false,
        addedBy: row.addedBy,
      }),
    );
  return [...fromSetting, ...listed];
});
