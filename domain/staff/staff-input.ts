import { z } from "zod";
import { GRANTABLE_PERMISSIONS } from "../../kernel/staff-permissions.ts";
/** A role: owner, or staff with chosen permissions (at least one). */
export const StaffRoleInput = z.discriminatedUnion("role", [
  z.object({ role: z.literal("owner") }),
  z.object({
    role: z.literal("staff"),
    permissions: z
      .array(z.enum(GRANTABLE_PERMISSIONS as [string, ...string[]], { error: "is not a permission staff can be given" }))
      .min(1, { error: "choose at least one permission" })
      .transform((permissions) => GRANTABLE_PERMISSIONS.filter((permission) => permissions.includes(permission))),
  }),
]);
