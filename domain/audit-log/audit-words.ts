import type { AuditAction } from "../audit/audit-actions.ts";

/** The back-office page a kind of target is looked after on. */
export type TargetKind =
  | "order"
  | "member"
  | "staff"
  | "product"
  | "option"
  | "reward"
  | "campaign"
  | "programme"
  | "promotion"
  | "review"
  | "webhook"
  | "sku"
  | "flavour"
  | "referral"
  | "job"
  | "subscription"
  | "newsletter"
  | "subscription-offer"
  | "delivery"
  | "payment-methods";

/**
 * Each action in words: its name in the log's filter, what the sentence says was done to its
 * target ("Refunded" order #1042), and the kind of target it names.
 */
export const AUDIT_ACTION_WORDS: Record<AuditAction, { label: string; verb: string; target: TargetKind }> = {
  "staff.sign-in": { label: "Staff signed in", verb: "Signed in as", target: "staff" },
  "staff.sign-out": { label: "Staff signed out", verb: "Signed out as", target: "staff" },
  "staff.add": { label: "Staff added", verb: "Added", target: "staff" },
  "staff.change": { label: "Staff changed", verb: "Changed", target: "staff" },
  "staff.remove": { label: "Staff removed", verb: "Removed", target: "staff" },
  "member.points-credit": { label: "Points credited", verb: "Credited points to", target: "member" },
  "member.points-debit": { label: "Points taken off", verb: "Took points off", target: "member" },
  "member.action-approve": { label: "Earn action approved", verb: "Approved an earn action of", target: "member" },
  "member.expiry-restore": { label: "Expired points restored", verb: "Restored expired points of", target: "member" },
  "order.ship": { label: "Order shipped", verb: "Shipped", target: "order" },
  "order.deliver": { label: "Order delivered", verb: "Marked delivered", target: "order" },
  "order.refund": { label: "Order refunded", verb: "Refunded", target: "order" },
  "order.cancel": { label: "Order cancelled", verb: "Cancelled", target: "order" },
  "order.note": { label: "Order note added", verb: "Added a note to", target: "order" },
  "order.tag": { label: "Order tagged", verb: "Tagged", target: "order" },
  "order.untag": { label: "Order tag removed", verb: "Removed a tag from", target: "order" },
  "referral.approve": { label: "Referral approved", verb: "Approved the", target: "referral" },
  "referral.refuse": { label: "Referral refused", verb: "Refused the", target: "referral" },
  "stock.adjust": { label: "Stock adjusted", verb: "Adjusted the stock of", target: "sku" },
  "stock.threshold": { label: "Low-stock threshold set", verb: "Set the low-stock threshold of", target: "sku" },
  "job.retry": { label: "Failed job retried", verb: "Retried", target: "job" },
  "job.run": { label: "Scheduled job run now", verb: "Ran now", target: "job" },
  "promotion.create": { label: "Promotion code created", verb: "Created", target: "promotion" },
  "promotion.update": { label: "Promotion code changed", verb: "Changed", target: "promotion" },
  "review.approve": { label: "Review published", verb: "Published", target: "review" },
  "review.reject": { label: "Review rejected", verb: "Rejected", target: "review" },
  "product.create": { label: "Product created", verb: "Created", target: "product" },
  "option.create": { label: "Option created", verb: "Created", target: "option" },
  "sku.create": { label: "Flavour created", verb: "Created", target: "flavour" },
  "sku.update": { label: "Flavour changed", verb: "Changed", target: "flavour" },
  "product.update": { label: "Product changed", verb: "Changed", target: "product" },
  "product.photo-add": { label: "Product photo added", verb: "Added a photo to", target: "product" },
  "product.photo-move": { label: "Product photo moved", verb: "Moved a photo of", target: "product" },
  "product.photo-remove": { label: "Product photo removed", verb: "Removed a photo of", target: "product" },
  "option.update": { label: "Option changed", verb: "Changed", target: "option" },
  "reward.create": { label: "Reward created", verb: "Created", target: "reward" },
  "reward.update": { label: "Reward changed", verb: "Changed", target: "reward" },
  "programme.draft": { label: "Programme draft edited", verb: "Edited the draft of", target: "programme" },
  "programme.publish": { label: "Programme published", verb: "Published", target: "programme" },
  "programme.withdraw": { label: "Programme version withdrawn", verb: "Withdrew", target: "programme" },
  "campaign.create": { label: "Campaign created", verb: "Created", target: "campaign" },
  "campaign.update": { label: "Campaign changed", verb: "Changed", target: "campaign" },
  "campaign.end": { label: "Campaign ended", verb: "Ended", target: "campaign" },
  "webhook.create": { label: "Webhook added", verb: "Added", target: "webhook" },
  "webhook.update": { label: "Webhook changed", verb: "Changed", target: "webhook" },
  "webhook.redeliver": { label: "Webhook delivery sent again", verb: "Sent again to", target: "webhook" },
  "subscription.skip": { label: "Subscription renewal skipped", verb: "Skipped the next renewal of", target: "subscription" },
  "subscription.pause": { label: "Subscription paused", verb: "Paused", target: "subscription" },
  "subscription.resume": { label: "Subscription resumed", verb: "Resumed", target: "subscription" },
  "subscription.cancel": { label: "Subscription cancelled", verb: "Cancelled", target: "subscription" },
  "subscription.offer": { label: "Subscription offer changed", verb: "Changed", target: "subscription-offer" },
  "subscription.option-terms": {
    label: "Product's subscription terms changed",
    verb: "Changed the subscription terms of",
    target: "product",
  },
  "payment.methods": { label: "Payment methods changed", verb: "Changed", target: "payment-methods" },
  "newsletter.export": { label: "Newsletter subscribers downloaded", verb: "Downloaded", target: "newsletter" },
  "delivery.create": { label: "Delivery option added", verb: "Added", target: "delivery" },
  "delivery.update": { label: "Delivery option changed", verb: "Changed", target: "delivery" },
  "delivery.switch": { label: "Delivery option switched on or off", verb: "Switched", target: "delivery" },
};

/** Each kind of target: how a sentence names it, and the page it is looked after on. */
export const TARGET_PAGES: Record<TargetKind, { noun: string; page: (target: string, orderId: string | null) => string | null }> =
  {
    order: { noun: "order", page: (_target, orderId) => (orderId ? `/admin/orders/${encodeURIComponent(orderId)}` : null) },
    member: { noun: "member", page: (target) => `/admin/members/${encodeURIComponent(target)}` },
    staff: { noun: "staff", page: () => "/admin/staff" },
    product: { noun: "product", page: (target) => `/admin/catalogue/products/${encodeURIComponent(target)}` },
    option: { noun: "option", page: () => "/admin/catalogue" },
    reward: { noun: "reward", page: () => "/admin/rewards" },
    campaign: { noun: "campaign", page: () => "/admin/campaigns" },
    programme: { noun: "", page: () => "/admin/programme" },
    promotion: { noun: "promotion code", page: () => "/admin/promotions" },
    review: { noun: "review", page: () => "/admin/reviews" },
    webhook: { noun: "webhook", page: () => "/admin/webhooks" },
    sku: { noun: "SKU", page: () => "/admin/stock" },
    flavour: { noun: "flavour", page: () => "/admin/catalogue/flavours" },
    referral: { noun: "referral of", page: () => "/admin/referrals" },
    subscription: { noun: "subscription", page: (target) => `/admin/subscriptions/${encodeURIComponent(target)}` },
    job: { noun: "job", page: () => "/admin/jobs" },
    "subscription-offer": { noun: "the subscription offer", page: () => "/admin/subscriptions/settings" },
    newsletter: { noun: "the newsletter's", page: () => "/admin/newsletter" },
    delivery: { noun: "delivery option", page: () => "/admin/delivery" },
    "payment-methods": { noun: "the payment methods", page: () => "/admin/payments" },
  };
