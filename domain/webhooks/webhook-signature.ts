import { createHmac, randomBytes } from "node:crypto";
import type { shopEvents } from "../../db/schema/webhooks.ts";

/** The scheme's version, written before each signature: receivers check the versions they know. */
const SCHEME = "v1";

/** A new endpoint's signing secret: 32 random bytes, with a prefix that says what it is. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

/**
 * Stripe's scheme: HMAC-SHA256 with the endpoint's secret over `{timestamp}.{body}` (the body exactly
 * as sent), in hex, written `v1={hex}`. The timestamp is signed so a captured request cannot be
 * replayed later; the body, so it cannot be changed.
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `${SCHEME}=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

type ShopEventRow = typeof shopEvents.$inferSelect;

/** What every delivery of an event carries, the same bytes each time: its id, type, time and data. */
export function webhookBody(event: Pick<ShopEventRow, "id" | "type" | "createdAt" | "data">): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), data: event.data });
}

/** The headers of one attempt, signed at `at` (each attempt signs afresh). */
export function webhookHeaders(input: { eventId: string; secret: string; body: string; at: Date }): Record<string, string> {
  const timestamp = Math.floor(input.at.getTime() / 1000);
  return {
    "content-type": "application/json",
    "user-agent": "NectarLab-Webhooks/1",
    "webhook-id": input.eventId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": webhookSignature(input.secret, timestamp, input.body),
  };
}
