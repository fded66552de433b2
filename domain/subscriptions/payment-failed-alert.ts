import { randomUUID } from "node:crypto";
import type { Tx } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import type { OutgoingEmail } from "../../integrations/email/mailer.ts";
import { formatMoney } from "../../kernel/money.ts";
import { subscriptionEmailSubject } from "../../kernel/subscription-email-subject.ts";
import type { OperationContext } from "../shared/context.ts";

/** What the admin's email about a subscription stopped by failed payments tells, as it was then. */
type PaymentFailedAlertData = {
  subscriptionId: string;
  item: string;
  dueOn: string;
  amountCents: number;
  attempts: number;
  reason: string;
};

/**
 * The admin (ADMIN_EMAIL) is emailed through the outbox, in the transaction that stops the
 * subscription, once per subscription and date; without an admin address the list shows it alone.
 */
export async function alertPaymentFailed(
  ctx: Pick<OperationContext, "jobs" | "settings">,
  tx: Tx,
  data: PaymentFailedAlertData,
): Promise<void> {
  if (!ctx.settings.adminEmail) return;
  const id = randomUUID();
  const subjectKey = subscriptionEmailSubject(data.subscriptionId, data.dueOn);
  const [queued] = await tx
    .insert(emailOutbox)
    .values({ id, kind: "subscription-payment-failed", subjectKey, data })
    .onConflictDoNothing()
    .returning({ id: emailOutbox.id });
  if (queued) await ctx.jobs.send("send-email", { outboxId: id }, { tx });
}

/** The admin's email about a subscription stopped by failed payments (plain text). */
export function paymentFailedAlertEmail(
  ctx: Pick<OperationContext, "settings">,
  data: Record<string, unknown> | null,
): Omit<OutgoingEmail, "key" | "date"> | null {
  const to = ctx.settings.adminEmail;
  if (!to || !data) return null;
  const { subscriptionId, item, dueOn, amountCents, attempts, reason } = data as PaymentFailedAlertData;
  const { brandName, publicUrl } = ctx.settings;
  const text = [
    `A subscription stopped renewing: its payment for ${dueOn} (${formatMoney(amountCents)}, ${item}) failed ${attempts} times.`,
    `The last answer: ${reason}`,
    "",
    `It is marked "payment failed" and the member has been asked to change their card: ${publicUrl}/admin/subscriptions?status=payment_failed`,
    `Subscription ${subscriptionId}`,
    `— ${brandName}`,
  ].join("\n");
  return { to, subject: `[${brandName}] Subscription payment failed: ${item}`, text };
}
