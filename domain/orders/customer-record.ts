import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { ShippingDetails } from "../../db/schema/checkout.ts";
import { customers } from "../../db/schema/orders.ts";

/** Namespaces the advisory locks taken per customer email. */
const CUSTOMER_EMAIL_LOCK_SEED = 724_611_010;

/**
 * The customer record a paid order is filed under, brought up to date with its delivery details.
 * Anyone can type any email at checkout, so a checkout only ever takes over a record that is nobody's
 * (not linked to a member) or the paying member's own; a record linked to another member is left
 * untouched and the order gets a record of its own. Emails match whatever their letter case.
 */
export async function customerForOrder(
  tx: Tx,
  input: { shipping: ShippingDetails; memberId: string | null; stripeCustomerId: string | null; at: Date },
): Promise<string> {
  const { shipping, at } = input;
  const email = shipping.email.toLowerCase();
  // Checkouts of one address take turns here, so two at once never both create its unlinked record.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${email}, ${CUSTOMER_EMAIL_LOCK_SEED}))`);
  const mayTakeOver = input.memberId
    ? or(isNull(customers.memberId), eq(customers.memberId, input.memberId))
    : isNull(customers.memberId);
  const [existing] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(sql`lower(${customers.email}) = ${email}`, mayTakeOver))
    // The member's own record before an unlinked one.
    .orderBy(sql`${customers.memberId} is null`, asc(customers.createdAt))
    .limit(1);
  const details = { name: shipping.name, mobile: shipping.mobile, address: shipping.address, postalCode: shipping.postalCode };
  if (existing) {
    await tx
      .update(customers)
      .set({
        ...details,
        purchaseCount: sql`${customers.purchaseCount} + 1`,
        firstPurchasedOn: sql`coalesce(${customers.firstPurchasedOn}, ${at.toISOString()})`,
        customerStripeId: sql`coalesce(${input.stripeCustomerId}, ${customers.customerStripeId})`,
        hasSignedNewsLetter: sql`${customers.hasSignedNewsLetter} or ${shipping.newsletter}`,
        isSubscribe: sql`${customers.isSubscribe} or ${shipping.newsletter}`,
        ver: sql`${customers.ver} + 1`,
        updatedAt: at,
      })
      .where(eq(customers.id, existing.id));
    return existing.id;
  }
  const id = randomUUID();
  await tx.insert(customers).values({
    id,
    email,
    ...details,
    firstPurchasedOn: at,
    customerStripeId: input.stripeCustomerId,
    hasSignedNewsLetter: shipping.newsletter,
    isSubscribe: shipping.newsletter,
    purchaseCount: 1,
  });
  return id;
}
