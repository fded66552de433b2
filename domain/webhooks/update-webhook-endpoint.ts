import { eq } from "drizzle-orm";
import { webhookEndpoints } from "../../db/schema/webhooks.ts";
import { AppError } from "../../kernel/app-error.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { staffHolding } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { UpdateWebhookEndpointInput } from "./webhook-endpoint-input.ts";
import { endpointAuditRecord } from "./webhook-endpoint-view.ts";

const declared = { access: staffHolding("webhooks"), input: UpdateWebhookEndpointInput };

/**
 * updateWebhookEndpoint: the endpoint's events and its switch. Switched off, it gets no new events and
 * the queue stops sending it those on their way (they stay listed and can be redelivered once it is on again).
 */
export const updateWebhookEndpoint = defineOperation(declared, async function updateWebhookEndpoint(ctx, input, actor) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, input.id)).for("update");
    if (!before) throw new AppError("NOT_FOUND", "There is no such webhook endpoint.");
    const [after] = await tx
      .update(webhookEndpoints)
      .set({ events: input.events, active: input.active, updatedAt: now })
      .where(eq(webhookEndpoints.id, input.id))
      .returning();
    if (!after) throw new Error("The webhook endpoint vanished while locked.");
    await recordAudit(tx, {
      actor,
      action: "webhook.update",
      target: after.id,
      before: endpointAuditRecord(before),
      after: endpointAuditRecord(after),
      at: now,
    });
    return { id: after.id, url: after.url, active: after.active };
  });
});
