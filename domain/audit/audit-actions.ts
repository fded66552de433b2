/** Names of the staff actions the audit log records. */
export const AUDIT_ACTIONS = [
  "staff.sign-in",
  "staff.sign-out",
  "staff.add",
  "staff.change",
  "staff.remove",
  "member.points-credit",
  "member.points-debit",
  "order.ship",
  "order.deliver",
  "order.refund",
  "order.cancel",
  "job.retry",
  "promotion.create",
  "promotion.update",
  "review.approve",
  "review.reject",
  "product.update",
  "option.update",
  "reward.create",
  "reward.update",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
