import { randomUUID } from "node:crypto";
import type { Tx } from "../../db/client.ts";
import { auditLog } from "../../db/schema/staff.ts";
import type { StaffViewer } from "../shared/context.ts";
import type { AuditAction } from "./audit-actions.ts";

/**
 * Writes one audit entry inside the transaction of the change it records, so there is never a change
 * without its entry, nor an entry for a change that was rolled back.
 */
export async function recordAudit(
  tx: Tx,
  entry: { actor: StaffViewer; action: AuditAction; target: string; before: unknown; after: unknown; at: Date },
): Promise<void> {
  await tx.insert(auditLog).values({
    id: randomUUID(),
    actorId: entry.actor.staffId,
    actorEmail: entry.actor.email,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: entry.at,
  });
}
