import { randomUUID } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { bags } from "../../db/schema/bags.ts";
import { checkoutSessions, promotionCodes } from "../../db/schema/orders.ts";
import type { PaymentProvider } from "../../integrations/payments/payment-provider.ts";
import { bagIdOf, isWellFormedBagToken } from "../bag/bag-token.ts";
import { getBag } from "../bag/bag-use-cases.ts";
import type { Store } from "../catalog/catalog-reader.ts";
import { lineDescription } from "../orders/line-description.ts";
import { AppError } from "../shared/app-error.ts";
import { priceCheckout } from "./price-checkout.ts";
import { validateShippingDetails } from "./shipping-details.ts";

export type CheckoutDeps = Store & { payments: PaymentProvider; now?: () => Date };

export type StartCheckoutResult =
  | { ok: true; redirectUrl: string; sessionId: string }
  | { ok: false; fieldErrors: Partial<Record<string, string>> };

/**
 * Prices the bag on the server, holds a use of its promotion code, opens a payment session and
 * records the priced snapshot. Each step undoes the one before it if it fails.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  input: {
    bagToken: string | null;
    form: Record<string, unknown>;
    baseUrl: string;
    /** The signed-in member checking out: the bag becomes theirs, so the order's points and their rewards follow it. */
    memberId?: string | null;
  },
): Promise<StartCheckoutResult> {
  const validation = validateShippingDetails(input.form);
  if (!validation.ok) return { ok: false, fieldErrors: validation.errors };
  if (!isWellFormedBagToken(input.bagToken)) throw new AppError("BAD_USER_INPUT", "Your bag is empty.");
  const bagId = bagIdOf(input.bagToken);
  const bag = await getBag(deps, input.bagToken);
  if (bag.lines.length === 0) throw new AppError("BAD_USER_INPUT", "Your bag is empty.");
  if (bag.unavailableOptionIds.length > 0) {
    throw new AppError("BAD_USER_INPUT", "Some items in your bag are no longer sold. Please remove them first.");
  }
  if (input.memberId) await deps.db.update(bags).set({ memberId: input.memberId }).where(eq(bags.id, bagId));
  const [bagRow] = await deps.db.select({ promotionCode: bags.promotionCode }).from(bags).where(eq(bags.id, bagId));
  const pricing = await priceCheckout(deps.db, bag, bagRow?.promotionCode ?? null, deps.now?.());

  if (pricing.promotionCode) await holdPromotionUse(deps.db, pricing.promotionCode);
  try {
    const session = await deps.payments.createSession({
      lines: pricing.lines.map((line) => ({
        name: lineDescription(line),
        unitAmountCents: line.unitPriceCents,
        quantity: line.quantity,
      })),
      discountCents: pricing.discountCents,
      shippingCents: pricing.shippingCents,
      totalCents: pricing.totalCents,
      customerEmail: validation.details.email,
      successUrl: `${input.baseUrl}/checkout/complete/{CHECKOUT_SESSION_ID}`,
      cancelUrl: `${input.baseUrl}/checkout/summary?cancelled=1`,
      idempotencyKey: randomUUID(),
    });
    await deps.db.insert(checkoutSessions).values({
      id: session.id,
      provider: deps.payments.name,
      bagId,
      shipping: validation.details,
      lines: pricing.lines,
      promotionCode: pricing.promotionCode,
      subtotalCents: pricing.subtotalCents,
      discountCents: pricing.discountCents,
      shippingCents: pricing.shippingCents,
      totalCents: pricing.totalCents,
    });
    return { ok: true, redirectUrl: session.url, sessionId: session.id };
  } catch (error) {
    if (pricing.promotionCode) await releasePromotionUse(deps.db, pricing.promotionCode);
    throw error;
  }
}

async function holdPromotionUse(db: Database, code: string): Promise<void> {
  const held = await db
    .update(promotionCodes)
    .set({ timesUsed: sql`${promotionCodes.timesUsed} + 1` })
    .where(
      and(
        eq(promotionCodes.code, code),
        or(isNull(promotionCodes.usageLimit), lt(promotionCodes.timesUsed, promotionCodes.usageLimit)),
      ),
    )
    .returning({ code: promotionCodes.code });
  if (held.length === 0) throw new AppError("BAD_USER_INPUT", "That promotion code has been fully used.");
}

export async function releasePromotionUse(db: Pick<Database, "update">, code: string): Promise<void> {
  await db
    .update(promotionCodes)
    .set({ timesUsed: sql`greatest(${promotionCodes.timesUsed} - 1, 0)` })
    .where(eq(promotionCodes.code, code));
}
