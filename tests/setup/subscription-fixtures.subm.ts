import { randomUUID } from "node:crypto";
import type { Database } from "../../db/client.ts";
import { subscriptions } from "../../db/schema/subscriptions.ts";
import { createMember, insertPaidOrder } from "./loyalty-fixtures.ts";

/** A Luna box, S$39; another flavour of it; a product of another kind. */
export const LUNA = "op-m8_ba-1b";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * A subscription as the shop keeps one, written straight into its table: a new member's (unless one
 * is given), begun with a paid order, Visa 4242 kept at the test provider, one box of Luna every 4
 * weeks at 15 % off, renewing on `nextRenewalOn`.
 */
export async function insertSubscription(
  db: Database,
  input: Partial<Omit<SubscriptionRow, "id" | "firstOrderId">> & { nextRenewalOn: string },
): Promise<SubscriptionRow> {
  const memberId = input.memberId ?? (await createMember(db)).id;
  const order = await insertPaidOrder(db, {
    subtotalCents: 3315,
    shippingCents: 490,
    memberId,
    optionId: input.optionId ?? LUNA,
  });
  const [row] = await db
    .insert(subscriptions)
    .values({
      id: randomUUID(),
      optionId: LUNA,
      quantity: 1,
      cadenceWeeks: 4,
      shipping: {
        name: "Tan Mei Ling",
        email: order.email,
        mobile: "+6591234567",
        address: "1 Orchard Road, #01-01",
        postalCode: "238801",
        newsletter: false,
      },
      providerCustomerId: `cus_${randomUUID().slice(0, 8)}`,
      paymentMethodId: `pm_${randomUUID().slice(0, 8)}`,
      cardBrand: "visa",
      cardLast4: "4242",
      discountPercent: 15,
      ...input,
      memberId,
      firstOrderId: order.id,
    })
    .returning();
  if (!row) throw new Error("the subscription was not written");
  return row;
}
