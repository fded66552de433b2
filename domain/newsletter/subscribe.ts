import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { emailOutbox, NEWSLETTER_EMAIL_KIND } from "../../db/schema/email-outbox.ts";
import { newsletterSubscribers } from "../../db/schema/newsletter.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import { anyone } from "../shared/access.ts";
import { emailAddress } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { consumeRateLimit, countRateLimitHit, NEWSLETTER_LIMITS } from "../shared/rate-limit.ts";
import { NEWSLETTER_CONSENT } from "./consent.ts";
import { CONFIRM_LINK_DAYS } from "./newsletter-links.ts";

export const SubscribeInput = z.object({
  email: emailAddress(),
  consent: z.boolean().refine((ticked) => ticked, { error: "Tick the box to say you want the newsletter." }),
  /** The client's address, which the per-address limit counts. */
  clientAddress: z.string().max(100),
});

/** What a confirmation email's outbox row holds: the sign-up whose link it sends. */
export const ConfirmationEmailData = z.object({ subscriberId: z.string(), requestedAt: z.iso.datetime() });

/**
 * subscribeToNewsletter: the sign-up form (decision 058, double opt-in). An address not yet confirmed
 * is kept as pending with the consent wording's version, and sent a confirmation link through the
 * email outbox, in the same transaction. A sign-up still waiting keeps its request, so every email
 * carries the same working link; one that unsubscribed starts a new request. A confirmed address is
 * sent nothing. Every case answers the same, so the form never tells whether an address is subscribed.
 */
export const subscribeToNewsletter = defineOperation(
  { access: anyone, input: SubscribeInput },
  async function subscribeToNewsletter(ctx, { email, clientAddress }) {
    const now = ctx.now();
    await consumeRateLimit(ctx.db, NEWSLETTER_LIMITS.address, clientAddress, now);
    const { allowed } = await countRateLimitHit(ctx.db, NEWSLETTER_LIMITS.email, email, now);
    if (!allowed) {
      ctx.log.info({}, "a newsletter sign-up over the address's limit sent no email");
      return;
    }
    const linkStillWorks = new Date(now.getTime() - CONFIRM_LINK_DAYS * DAY_MS);
    const table = newsletterSubscribers;
    await ctx.db.transaction(async (tx) => {
      const [request] = await tx
        .insert(table)
        .values({
          id: randomUUID(),
          email,
          status: "pending",
          consentVersion: NEWSLETTER_CONSENT.version,
          requestedAt: now,
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: table.email,
          set: {
            status: "pending",
            consentVersion: NEWSLETTER_CONSENT.version,
            requestedAt: sql`case when ${table.status} = 'pending' and ${table.requestedAt} > ${linkStillWorks.toISOString()}::timestamptz then ${table.requestedAt} else ${now.toISOString()}::timestamptz end`,
            confirmedAt: null,
            unsubscribedAt: null,
          },
          setWhere: sql`${table.status} <> 'confirmed'`,
        })
        .returning({ id: table.id, requestedAt: table.requestedAt });
      if (!request) return;
      const outboxId = randomUUID();
      await tx.insert(emailOutbox).values({
        id: outboxId,
        kind: NEWSLETTER_EMAIL_KIND,
        subjectKey: `${request.id}:${request.requestedAt.getTime()}`,
        data: ConfirmationEmailData.parse({ subscriberId: request.id, requestedAt: request.requestedAt.toISOString() }),
      });
      await ctx.jobs.send("send-email", { outboxId }, { tx });
    });
  },
);
