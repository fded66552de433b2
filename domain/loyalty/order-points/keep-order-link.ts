import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { orderAccessGrants, orders } from "../../../db/schema/orders.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { isValidOrderCode, normalizeInvoiceId } from "../../../kernel/order-code.ts";
import { DAY_MS, HOUR_MS } from "../../../kernel/singapore-time.ts";
import { bagHolder } from "../../bag/held-bag.ts";
import { ownMember } from "../../shared/access.ts";
import type { OperationContext } from "../../shared/context.ts";
import { identifier, text } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { orderPoints, orderSpendCents } from "../points/order-earn.ts";
import { currentProgramme } from "../programme/programme.ts";
import { attachOrderToMember, type LinkedOrderResult } from "./link-order.ts";

/** How long after paying the browser that paid may put the order on a membership it joins or signs in to. */
export const KEEP_ORDER_WINDOW_MS = 2 * HOUR_MS;
/** How long the confirmation email's link to keep the order stays good. */
export const KEEP_ORDER_EMAIL_LINK_MS = 7 * DAY_MS;

/** Where a keep-order link leads: the page that asks the signed-in member to confirm, posting back to itself. */
export const KEEP_ORDER_PATH = "/member/keep-order";
export const keepOrderHref = (token: string) => `${KEEP_ORDER_PATH}?${new URLSearchParams({ t: token })}`;

export const KEEP_ORDER_EXPIRED =
  "The time to add this order this way has passed. Add it with “Claim a past order” on your member page, using its invoice number and mobile number.";
export const BAD_KEEP_ORDER_LINK = "This link to add an order is incomplete or not one of ours. Open it again from the email.";

/**
 * A keep-order token: the order and when the offer ends, signed with EMAIL_LINK_SECRET (HMAC-SHA256)
 * as the email links are, so only the shop makes one and it names one order until one time.
 */
const VERSION = "1";
type KeepOrderSubject = { orderId: string; expiresAt: number };

const signatureOf = (secret: string, { orderId, expiresAt }: KeepOrderSubject) =>
  createHmac("sha256", secret).update(`order-keep:${VERSION}:${orderId}:${expiresAt}`).digest();

export function keepOrderToken(secret: string, subject: KeepOrderSubject): string {
  const payload = Buffer.from(`${subject.orderId}:${subject.expiresAt}`).toString("base64url");
  return `${VERSION}.${payload}.${signatureOf(secret, subject).toString("base64url")}`;
}

function readKeepOrderToken(secret: string, token: string): KeepOrderSubject | null {
  const [version, payload, signature, ...rest] = token.split(".");
  if (version !== VERSION || !payload || !signature || rest.length > 0) return null;
  const [orderId, expires, ...more] = Buffer.from(payload, "base64url").toString("utf8").split(":");
  const expiresAt = Number(expires);
  if (!orderId || !Number.isSafeInteger(expiresAt) || more.length > 0) return null;
  const expected = signatureOf(secret, { orderId, expiresAt });
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? { orderId, expiresAt } : null;
}

/** The confirmation email's link for a guest order: good for KEEP_ORDER_EMAIL_LINK_MS after it was paid. */
export const emailKeepOrderToken = (secret: string, order: { id: string; paidAt: Date }) =>
  keepOrderToken(secret, { orderId: order.id, expiresAt: order.paidAt.getTime() + KEEP_ORDER_EMAIL_LINK_MS });

export type KeepOrderOffer =
  | { state: "open"; points: number; token: string }
  | { state: "expired"; points: number; message: string }
  | { state: "on_membership" };

/**
 * offerToKeepOrder: what the checkout's completion page offers for a guest order — the points it
 * earns a member under the programme in force, and a token to put it on the membership the shopper
 * joins or signs in to. Only the browser holding the order's access grant (the one that paid, or
 * proved it with the mobile number) gets an offer, and only within KEEP_ORDER_WINDOW_MS of paying;
 * after it, the claim form. Anyone else is NOT_FOUND, whether or not the order exists.
 */
export const offerToKeepOrder = defineOperation(
  { access: bagHolder, input: z.object({ invoiceId: text(40) }) },
  async function offerToKeepOrder(ctx, input, bag): Promise<KeepOrderOffer> {
    const invoiceId = normalizeInvoiceId(input.invoiceId);
    const [order] =
      bag.id && isValidOrderCode(invoiceId)
        ? await ctx.db
            .select({
              id: orders.id,
              memberId: orders.memberId,
              paidAt: orders.paidAt,
              subtotalCents: orders.subtotalCents,
              discountCents: orders.discountCents,
              shippingCents: orders.shippingCents,
            })
            .from(orders)
            .innerJoin(orderAccessGrants, and(eq(orderAccessGrants.orderId, orders.id), eq(orderAccessGrants.holderId, bag.id)))
            .where(eq(orders.invoiceId, invoiceId))
        : [];
    if (!order) throw new AppError("NOT_FOUND", "Order not found.");
    if (order.memberId !== null) return { state: "on_membership" };
    const now = ctx.now();
    const { rules } = await currentProgramme(ctx);
    const points = orderPoints(rules, orderSpendCents(order, rules), "green");
    const expiresAt = order.paidAt.getTime() + KEEP_ORDER_WINDOW_MS;
    if (expiresAt <= now.getTime()) return { state: "expired", points, message: KEEP_ORDER_EXPIRED };
    return { state: "open", points, token: keepOrderToken(ctx.settings.emailLinkSecret, { orderId: order.id, expiresAt }) };
  },
);

export const KeepOrderInput = z.object({
  memberId: identifier(),
  token: z.string({ error: "is required" }).max(400, { error: "is too long" }),
});

/** The order a keep-order token names, or the refusal: not one of ours, or past its time. */
function keptOrderId(ctx: OperationContext, token: string): string {
  const subject = readKeepOrderToken(ctx.settings.emailLinkSecret, token);
  if (!subject) throw new AppError("BAD_USER_INPUT", BAD_KEEP_ORDER_LINK);
  if (subject.expiresAt <= ctx.now().getTime()) throw new AppError("CONFLICT", KEEP_ORDER_EXPIRED);
  return subject.orderId;
}

/**
 * readKeepOrderLink: what a keep-order link offers the signed-in member before they confirm it (the
 * order's invoice id), refused as keepOrderByLink would refuse it; reading it changes nothing.
 */
export const readKeepOrderLink = defineOperation(
  { access: ownMember, input: KeepOrderInput },
  async function readKeepOrderLink(ctx, input): Promise<{ invoiceId: string }> {
    const [order] = await ctx.db
      .select({ invoiceId: orders.invoiceId })
      .from(orders)
      .where(eq(orders.id, keptOrderId(ctx, input.token)));
    if (!order) throw new AppError("NOT_FOUND", "Order not found.");
    return order;
  },
);

/**
 * keepOrderByLink: the signed-in member puts the order a keep-order token names on their membership,
 * through the one linking path (attachOrderToMember), so its points and spend are counted once. The
 * order goes to one member only and once: a second use of the link, a reload or a second tab finds it
 * linked (CONFLICT). An expired link is refused with the way to the claim form.
 */
export const keepOrderByLink = defineOperation(
  { access: ownMember, input: KeepOrderInput },
  async function keepOrderByLink(ctx, input): Promise<LinkedOrderResult> {
    return attachOrderToMember(ctx, input.memberId, eq(orders.id, keptOrderId(ctx, input.token)));
  },
);
