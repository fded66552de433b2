import { randomUUID } from "node:crypto";
import { webhookEndpoints } from "../../db/schema/webhooks.ts";
import { AppError } from "../../kernel/app-error.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { staffHolding } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { CreateWebhookEndpointInput } from "./webhook-endpoint-input.ts";
import { endpointAuditRecord } from "./webhook-endpoint-view.ts";
import { newWebhookSecret } from "./webhook-signature.ts";

const declared = { access: staffHolding("webhooks"), input: CreateWebhookEndpointInput };

/**
 * createWebhookEndpoint: registers an endpoint, switched on, for the chosen events, with a new signing
 * secret that is handed back this once (the back office never shows it again). In production the URL
 * must be https and its host must not be, or resolve to, a private, loopback or link-local address;
 * delivery checks that again, as the name may be pointed elsewhere later.
 */
export const createWebhookEndpoint = defineOperation(declared, async function createWebhookEndpoint(ctx, input, actor) {
  const refusal = await ctx.webhooks.refusal(input.url);
  if (refusal) throw new AppError("BAD_USER_INPUT", `url: ${refusal}`, { url: refusal });
  const now = ctx.now();
  const secret = newWebhookSecret();
  return ctx.db.transaction(async (tx) => {
    const [endpoint] = await tx
      .insert(webhookEndpoints)
      .values({
        id: randomUUID(),
        url: input.url,
        secret,
        events: input.events,
        active: true,
        description: input.description,
        createdBy: actor.email,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!endpoint) throw new Error("The webhook endpoint insert returned nothing.");
    await recordAudit(tx, {
      actor,
      action: "webhook.create",
      target: endpoint.id,
      before: null,
      after: endpointAuditRecord(endpoint),
      at: now,
    });
    return { id: endpoint.id, url: endpoint.url, secret };
  });
});
