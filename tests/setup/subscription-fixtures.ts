import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { subscriptions } from "../../db/schema/subscriptions.ts";
import { addToBag } from "../../domain/bag/add-to-bag.ts";
import { fulfilCheckout } from "../../domain/checkout/fulfil-checkout.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { guest } from "../../domain/shared/context.ts";
import { checkoutPorts, holderOf, SHIPPING } from "./checkout-fixtures.ts";
import { createMember } from "./loyalty-fixtures.ts";
import { testContext } from "./operation-context.ts";
import type { RecordingPayments } from "./recording-payments.ts";

/** A Luna box, S$39. */
export const LUNA = "op-m8_ba-1b";

/**
 * A new member who subscribes to `quantity` of an option every `cadenceWeeks` weeks through the shop's
 * own checkout at `at`, paying with `card` (the test provider's number): their id, the first order
 * and the subscription.
 */
export async function subscribedMember(
  db: Database,
  recording: RecordingPayments,
  options: { at: Date; card?: string; optionId?: string; quantity?: number; cadenceWeeks?: number },
) {
  const { at, card = "4242 4242 4242 4242", optionId = LUNA, quantity = 1, cadenceWeeks = 4 } = options;
  const member = await createMember(db);
  const now = () => at;
  const { bagToken } = await addToBag(testContext(db, { viewer: guest(null), now }), { optionId, quantity, cadenceWeeks });
  const shopper = testContext(db, { viewer: holderOf(bagToken, member.id), now, ports: checkoutPorts(recording) });
  const { sessionId } = await startCheckout(shopper, { ...SHIPPING, email: member.email });
  const paid = await recording.payments.pay(sessionId, card);
  if (!paid.ok) throw new Error(`the test card ${card} did not pay`);
  const placed = await fulfilCheckout(testContext(db, { now, ports: checkoutPorts(recording) }), { sessionId });
  if (!placed?.created) throw new Error("no first order");
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.firstOrderId, placed.orderId));
  if (!subscription) throw new Error("no subscription started");
  return { memberId: member.id, sessionId, firstOrderId: placed.orderId, subscription };
}
