import { requireStaff } from "../shared/access.ts";
import type { OperationContext, StaffViewer } from "../shared/context.ts";

/** The back office's member screens are for staff who correct points or look after orders. */
export function requireMemberScreens(ctx: OperationContext): StaffViewer {
  const { viewer } = ctx;
  if (viewer.kind === "staff" && viewer.permissions.has("orders")) return viewer;
  return requireStaff(ctx, "points");
}
