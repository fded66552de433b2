import type { webhookEndpoints } from "../../db/schema/webhooks.ts";

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** What the audit log keeps of an endpoint: everything but its secret. */
export function endpointAuditRecord(endpoint: EndpointRow) {
  return { url: endpoint.url, description: endpoint.description, events: endpoint.events, active: endpoint.active };
}

/** Enough of a secret to tell two apart, never enough to sign with. */
export const secretHint = (secret: string) => `${secret.slice(0, "whsec_".length + 4)}…`;
