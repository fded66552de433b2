import { and, eq, type SQL, sql } from "drizzle-orm";
import { webhookEndpoints } from "../../db/schema/webhooks.ts";

/** The endpoints that get events of this type: switched on, with the type among their chosen events. */
export function subscribedTo(type: string): SQL | undefined {
  return and(eq(webhookEndpoints.active, true), sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`);
}
