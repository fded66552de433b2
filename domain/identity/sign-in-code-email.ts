import { randomUUID } from "node:crypto";
import type { Tx } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import type { OutgoingEmail } from "../../integrations/email/mailer.ts";
import { formatTimestamp } from "../../kernel/format-timestamp.ts";
import type { OperationContext } from "../shared/context.ts";
import type { JobQueue } from "../shared/job-queue.ts";

/** What a sign-in code email carries until it is sent; the outbox forgets it then. */
type SignInCodeData = { to: string; code: string; expiresAt: string };

/**
 * The embedded identity provider's code for signing in, emailed through the shop's outbox in the
 * transaction that stores the code (the hosted user pool sends its own).
 */
export async function queueSignInCodeEmail(
  jobs: JobQueue,
  tx: Tx,
  mail: { to: string; code: string; expiresAt: Date },
): Promise<void> {
  const id = randomUUID();
  const data: SignInCodeData = { to: mail.to, code: mail.code, expiresAt: mail.expiresAt.toISOString() };
  await tx.insert(emailOutbox).values({ id, kind: "sign-in-code", subjectKey: id, data });
  await jobs.send("send-email", { outboxId: id }, { tx });
}

/** The sign-in code email (plain text); null once the outbox has forgotten the code. */
export function signInCodeEmail(
  ctx: Pick<OperationContext, "settings">,
  data: Record<string, unknown> | null,
): Omit<OutgoingEmail, "key" | "date"> | null {
  if (!data) return null;
  const { to, code, expiresAt } = data as SignInCodeData;
  const { brandName } = ctx.settings;
  const text = [
    `Your code to sign in to ${brandName} as ${to} is:`,
    "",
    code,
    "",
    `It works once, until ${formatTimestamp(new Date(expiresAt))} (Singapore time).`,
    "If you did not ask for it, you can ignore this email: nobody can sign in without the code.",
    `— ${brandName}`,
  ].join("\n");
  return { to, subject: `Your ${brandName} sign-in code`, text };
}
