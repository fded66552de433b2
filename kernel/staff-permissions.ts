/** What a staff role can be allowed to do in the back office. */
export const STAFF_PERMISSIONS = [
  "orders",
  "refunds",
  "points",
  "catalog",
  "promotions",
  "programme",
  "webhooks",
  "subscriptions",
  "staff",
] as const;

export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** Permissions an owner may give a "staff" role; managing staff stays with owners. */
export const GRANTABLE_PERMISSIONS = STAFF_PERMISSIONS.filter((permission) => permission !== "staff");

/** Owners may do everything; staff only what they were given. */
export type StaffRole = "owner" | "staff";

export function permissionsOf(role: StaffRole, granted: readonly StaffPermission[]): ReadonlySet<StaffPermission> {
  return new Set(role === "owner" ? STAFF_PERMISSIONS : granted);
}
