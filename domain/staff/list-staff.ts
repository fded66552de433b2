import { z } from "zod";
import type { StaffPermission, StaffRole } from "../../kernel/staff-permissions.ts";
import { staffHolding } from "../shared/access.ts";
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

const declared = { access: staffHolding("staff"), input: z.object({}) };

/** Everyone who may enter the back office: the setting's owners first, then the staff list. */
export const listStaff = defineOperation(declared, async function listStaff(ctx): Promise<StaffEntry[]> {
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
