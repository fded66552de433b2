import { and, asc, desc, eq, inArray, like, or } from "drizzle-orm";
import { z } from "zod";
import { products, purchaseOptions } from "../../../db/schema/catalog.ts";
import { emailOutbox } from "../../../db/schema/email-outbox.ts";
import { members } from "../../../db/schema/members.ts";
import { orders } from "../../../db/schema/orders.ts";
import { subscriptionRenewals, subscriptions } from "../../../db/schema/subscriptions.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { subscriptionEmailSubjects } from "../../../kernel/subscription-email-subject.ts";
import { EMAIL_KINDS } from "../../orders/staff/order-for-staff.ts";
import { staffHolding } from "../../shared/access.ts";
import { identifier } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { subscriptionSummary } from "./list-subscriptions.ts";

export const SubscriptionForStaffInput = z.object({ subscriptionId: identifier() });

const declared = { access: staffHolding("subscriptions"), input: SubscriptionForStaffInput };

/**
 * One subscription as staff look after it: its member, option, cadence, next date and card; each
 * renewal date's outcome, attempts, order and failure; the orders it made (the first and each renewal's);
 * and the emails about it (those orders', the member emails keyed by it and the admin's alert of its
 * failed payments), newest first.
 */
export const getSubscriptionForStaff = defineOperation(declared, async function getSubscriptionForStaff(ctx, input) {
  const [subscription] = await ctx.db
    .select({
      ...subscriptionSummary,
      firstOrderId: subscriptions.firstOrderId,
      cardBrand: subscriptions.cardBrand,
      cardLast4: subscriptions.cardLast4,
      shipping: subscriptions.shipping,
      cancelledAt: subscriptions.cancelledAt,
      cancelReason: subscriptions.cancelReason,
    })
    .from(subscriptions)
    .innerJoin(members, eq(members.id, subscriptions.memberId))
    .innerJoin(purchaseOptions, eq(purchaseOptions.optionId, subscriptions.optionId))
    .innerJoin(products, eq(products.id, purchaseOptions.productId))
    .where(eq(subscriptions.id, input.subscriptionId));
  if (!subscription) throw new AppError("NOT_FOUND", "There is no such subscription.");
  const renewals = await ctx.db
    .select({
      id: subscriptionRenewals.id,
      dueOn: subscriptionRenewals.dueOn,
      outcome: subscriptionRenewals.outcome,
      attempts: subscriptionRenewals.attempts,
      failureReason: subscriptionRenewals.failureReason,
      retryAt: subscriptionRenewals.retryAt,
      orderId: subscriptionRenewals.orderId,
      invoiceId: orders.invoiceId,
    })
    .from(subscriptionRenewals)
    .leftJoin(orders, eq(orders.id, subscriptionRenewals.orderId))
    .where(eq(subscriptionRenewals.subscriptionId, subscription.id))
    .orderBy(desc(subscriptionRenewals.dueOn));
  const orderIds = [subscription.firstOrderId, ...renewals.flatMap((renewal) => (renewal.orderId ? [renewal.orderId] : []))];
  const [madeOrders, emails] = await Promise.all([
    ctx.db
      .select({
        id: orders.id,
        invoiceId: orders.invoiceId,
        paidAt: orders.paidAt,
        priceCents: orders.priceCents,
        refundedCents: orders.refundedCents,
        status: orders.status,
      })
      .from(orders)
      .where(inArray(orders.id, orderIds))
      .orderBy(desc(orders.paidAt)),
    ctx.db
      .select({
        id: emailOutbox.id,
        kind: emailOutbox.kind,
        orderId: emailOutbox.orderId,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
        skippedAt: emailOutbox.skippedAt,
      })
      .from(emailOutbox)
      .where(
        or(
          inArray(emailOutbox.orderId, orderIds),
          and(
            or(eq(emailOutbox.memberId, subscription.memberId), eq(emailOutbox.kind, "subscription-payment-failed")),
            like(emailOutbox.subjectKey, subscriptionEmailSubjects(subscription.id)),
          ),
        ),
      )
      .orderBy(desc(emailOutbox.createdAt), asc(emailOutbox.id)),
  ]);
  return {
    subscription,
    renewals,
    orders: madeOrders,
    emails: emails.map((email) => ({ ...email, label: EMAIL_KINDS[email.kind] })),
  };
});
