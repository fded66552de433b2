import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { emailOutbox, NEWSLETTER_EMAIL_KIND } from "../../db/schema/email-outbox.ts";
import type { OutgoingEmail } from "../../integrations/email/mailer.ts";
import { AppError } from "../../kernel/app-error.ts";
import { isMemberEmailKind } from "../../kernel/member-email-kinds.ts";
import { errorAlertEmail } from "../alerts/error-alert-email.ts";
import { signInCodeEmail } from "../identity/sign-in-code-email.ts";
import { defineJob } from "../jobs/define-job.ts";
import { memberEmailToSend } from "../member-emails/member-email-content.ts";
import { newsletterConfirmationEmail } from "../newsletter/confirmation-email.ts";
import { orderEmailToSend } from "../orders/order-email.ts";
import { backgroundJob } from "../shared/access.ts";
import type { OperationContext } from "../shared/context.ts";
import { uuid } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { lowStockEmail } from "../stock/low-stock.ts";
import { paymentFailedAlertEmail } from "../subscriptions/payment-failed-alert.ts";

type EmailContent = Omit<OutgoingEmail, "key" | "date">;
type OutboxRow = typeof emailOutbox.$inferSelect;

const SendOutboxEmailInput = z.object({ outboxId: uuid() });

const declared = { access: backgroundJob, input: SendOutboxEmailInput };

/** What an outbox row sends: an error alert, a low-stock note, a subscription's failed payments, a newsletter confirmation, a sign-in code, an order's email, or a programme email (null: not to be sent, decisions 044 and 058). */
async function contentOf(ctx: OperationContext, row: OutboxRow): Promise<EmailContent | null> {
  if (row.alertId) return errorAlertEmail(ctx.db, row.alertId, ctx.settings.brandName);
  const { kind } = row;
  if (kind === "low-stock") return lowStockEmail(ctx, row.data);
  if (kind === "subscription-payment-failed") return paymentFailedAlertEmail(ctx, row.data);
  if (kind === NEWSLETTER_EMAIL_KIND) return newsletterConfirmationEmail(ctx, row.data);
  if (kind === "sign-in-code") return signInCodeEmail(ctx, row.data);
  if (isMemberEmailKind(kind)) return memberEmailToSend(ctx, { ...row, kind });
  return orderEmailToSend(ctx, row);
}

/**
 * The send-email job: sends one outbox email unless it is already marked sent (or skipped). The
 * queue runs a job on one worker at a time; if a process dies after the mail server took the message
 * and before it was marked, the retry sends it again under the same key (same outbox file, same
 * Message-ID), so the recipient still sees one email. A programme email the member has turned off
 * by now is marked skipped instead.
 */
export const sendOutboxEmail = defineOperation(declared, async function sendOutboxEmail(ctx, { outboxId }) {
  const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
  if (!row) throw new AppError("NOT_FOUND", `No outbox email ${outboxId}.`);
  if (row.sentAt || row.skippedAt) return { sent: false };
  const content = await contentOf(ctx, row);
  const unsent = and(eq(emailOutbox.id, row.id), isNull(emailOutbox.sentAt), isNull(emailOutbox.skippedAt));
  if (!content) {
    await ctx.db.update(emailOutbox).set({ skippedAt: ctx.now() }).where(unsent);
    return { sent: false, skipped: true };
  }
  await ctx.mailer.send({ key: row.id, date: row.createdAt, ...content });
  // A sign-in code is kept only hashed once it is on its way.
  const forgotten = row.kind === "sign-in-code" ? { data: null } : {};
  await ctx.db
    .update(emailOutbox)
    .set({ sentAt: ctx.now(), ...forgotten })
    .where(unsent);
  return { sent: true };
});

/** Emails are many and quick: two at a time in each process, looked for every second. */
export const sendEmailJob = defineJob({
  name: "send-email",
  queue: { workers: 2, pollSeconds: 1 },
  payload: SendOutboxEmailInput,
  run: sendOutboxEmail,
});
