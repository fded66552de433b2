import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import type { MemberEmailKind } from "../../kernel/member-email-kinds.ts";
import type { JobQueue } from "../shared/job-queue.ts";
import type { MemberEmailDefinition } from "./define-member-email.ts";

/**
 * Writes a programme email into the outbox and queues the send-email job that sends it, both in the
 * transaction of the change it tells of (as queueOrderEmail does for order emails). One email per
 * member, kind and subject (a unique key): asking again — a retried job, a second process — adds
 * nothing. Whether the member wants it is asked when it is sent.
 */
export async function queueMemberEmail<K extends MemberEmailKind, Data extends z.ZodType<object, object>>(
  tx: Tx,
  jobs: JobQueue,
  definition: MemberEmailDefinition<K, Data>,
  email: { memberId: string; subjectKey: string; data: z.output<Data> },
): Promise<boolean> {
  const id = randomUUID();
  const data = definition.data.parse(email.data) as Record<string, unknown>;
  const inserted = await tx
    .insert(emailOutbox)
    .values({ id, memberId: email.memberId, kind: definition.kind, subjectKey: email.subjectKey, data })
    .onConflictDoNothing()
    .returning({ id: emailOutbox.id });
  if (inserted.length === 0) return false;
  await jobs.send("send-email", { outboxId: id }, { tx });
  return true;
}
