import { eq } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { paymentEvents } from "../../db/schema/checkout.ts";
import type { PaymentEvent } from "../../integrations/payments/payment-provider.ts";

/**
 * Records a webhook event's id; false when it was recorded before (a replay, which then changes
 * nothing). The row commits with whatever the event changes, so a failed attempt leaves no trace.
 */
export async function recordPaymentEvent(tx: Tx, event: PaymentEvent | undefined): Promise<boolean> {
  if (!event) return true;
  const inserted = await tx
    .insert(paymentEvents)
    .values({ eventId: event.id, type: event.type, sessionId: event.sessionId })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length > 0;
}

/** Whether the shop has taken this webhook event (its handling committed). */
export async function isPaymentEventRecorded(db: Database, eventId: string): Promise<boolean> {
  const [row] = await db.select({ eventId: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
  return row !== undefined;
}
