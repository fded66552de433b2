import { and, eq, gt, lte, notExists, sql } from "drizzle-orm";
import { z } from "zod";
import { emailOutbox } from "../../../db/schema/email-outbox.ts";
import { subscriptions } from "../../../db/schema/subscriptions.ts";
import { lineDescription } from "../../../kernel/line-description.ts";
import { addDaysToDate, singaporeDate } from "../../../kernel/singapore-time.ts";
import { findPurchaseOptions } from "../../catalog/lookup.ts";
import { loadSubscriptionOffer } from "../../catalog/subscription-offer.ts";
import { priceRenewal } from "../../checkout/renewal-price.ts";
import { standardDeliveryOf } from "../../delivery/delivery-options.ts";
import { defineJob } from "../../jobs/define-job.ts";
import { ScheduledRunPayload } from "../../jobs/scheduled-jobs.ts";
import { queueSubscriptionReminderEmail } from "../../member-emails/kinds/subscription-reminder.ts";
import { skipRenewalToken } from "../../member-emails/skip-renewal-token.ts";
import { backgroundJob } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { subscribedLine } from "./claim-renewal.ts";

const declared = { access: backgroundJob, input: z.object({}) };

/**
 * sendRenewalReminders, scheduled work: each active subscription due within the merchant's reminder
 * days (default 3) and not yet reminded of that date gets one email with the date, the amount as it
 * would be charged now, and links to skip that date (signed) or change the subscription. Once per
 * subscription and date (the outbox's unique key), however often or concurrently it runs. An option
 * no longer sold gets none: its renewal is passed over and the member told then.
 */
export const sendRenewalReminders = defineOperation(declared, async function sendRenewalReminders(ctx): Promise<{
  reminded: number;
}> {
  const now = ctx.now();
  const today = singaporeDate(now);
  const { reminderDays } = await loadSubscriptionOffer(ctx.db);
  // subscriptionEmailSubject(id, date) as SQL writes it.
  const reminded = sql`${subscriptions.id} || ':' || ${subscriptions.nextRenewalOn}`;
  const due = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, "active"),
        gt(subscriptions.nextRenewalOn, today),
        lte(subscriptions.nextRenewalOn, addDaysToDate(today, reminderDays)),
        notExists(
          ctx.db
            .select({ id: emailOutbox.id })
            .from(emailOutbox)
            .where(
              and(
                eq(emailOutbox.memberId, subscriptions.memberId),
                eq(emailOutbox.kind, "subscription-reminder"),
                eq(emailOutbox.subjectKey, reminded),
              ),
            ),
        ),
      ),
    );
  let count = 0;
  const delivery = await standardDeliveryOf(ctx);
  for (const subscription of due) {
    const found = await findPurchaseOptions(ctx.catalog, [subscription.optionId]);
    const line = subscribedLine(subscription, { found, delivery });
    if (!line) continue;
    const pricing = await priceRenewal(ctx.db, line, delivery, now);
    const dueOn = subscription.nextRenewalOn;
    const queued = await ctx.db.transaction((tx) =>
      queueSubscriptionReminderEmail(tx, ctx.jobs, {
        memberId: subscription.memberId,
        subscriptionId: subscription.id,
        item: pricing.lines.map((line) => `${lineDescription(line)} × ${line.quantity}`).join(", "),
        dueOn,
        amountCents: pricing.totalCents,
        skipToken: skipRenewalToken(ctx.settings.emailLinkSecret, { subscriptionId: subscription.id, dueOn }),
      }),
    );
    if (queued) count += 1;
  }
  return { reminded: count };
});

export const sendRenewalRemindersJob = defineJob({
  name: "send-renewal-reminders",
  queue: { exclusive: true, retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 30 * 60 },
  payload: ScheduledRunPayload,
  run: (ctx) => sendRenewalReminders(ctx, {}),
});
