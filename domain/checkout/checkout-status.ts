import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { checkoutSessions } from "../../db/schema/checkout.ts";

/** What a shopper returning from payment should hear when there is no order for the session. */
export async function unpaidCheckoutMessage(db: Database, sessionId: string): Promise<string> {
  const [session] = await db
    .select({ status: checkoutSessions.status })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId));
  switch (session?.status) {
    case "failed":
      return "Your payment did not go through, so no order was placed. Your bag is kept; you can try again.";
    case "expired":
      return "This checkout expired before it was paid, so no order was placed. Your bag is kept.";
    case "open":
      return "This checkout has not been paid yet. If you just paid, your order will appear in a moment.";
    default:
      return "We couldn't find a paid order for this checkout.";
  }
}
