import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { newsletterSubscribers } from "../../db/schema/newsletter.ts";
import { AppError } from "../../kernel/app-error.ts";
import { anyone } from "../shared/access.ts";
import type { OperationContext } from "../shared/context.ts";
import { defineOperation } from "../shared/operation.ts";
import { confirmLinkExpired, type NewsletterRequest, readConfirmToken, unsubscribeToken } from "./newsletter-links.ts";

/** A link's token, as the link carries it (`?t=`). */
export const NewsletterLinkInput = z.object({
  token: z.string({ error: "is required" }).max(400, { error: "is too long" }),
});

export const BAD_CONFIRM_LINK =
  "This confirmation link is incomplete or not one of ours. Open it again from the email, or sign up again on our home page.";
const EXPIRED = "This confirmation link has expired. Sign up again on our home page and we'll send you a new one.";
const SUPERSEDED =
  "This confirmation link is no longer the latest. Use the link in the newest email we sent, or sign up again on our home page.";

type Confirmation = { confirmed: boolean; unsubscribeToken: string };

async function requestOf(ctx: OperationContext, token: string): Promise<NewsletterRequest> {
  const request = readConfirmToken(ctx.settings.emailLinkSecret, token);
  if (!request) throw new AppError("BAD_USER_INPUT", BAD_CONFIRM_LINK);
  return request;
}

/** Whether the link's request is confirmed already; refuses a link that can no longer confirm it. */
async function standing(db: Database, request: NewsletterRequest, now: Date): Promise<boolean> {
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, request.subscriberId));
  if (!row) throw new AppError("BAD_USER_INPUT", BAD_CONFIRM_LINK);
  const sameRequest = row.requestedAt.getTime() === request.requestedAt.getTime();
  if (row.status === "confirmed" && sameRequest) return true;
  if (row.status !== "pending" || !sameRequest) throw new AppError("BAD_USER_INPUT", SUPERSEDED);
  if (confirmLinkExpired(request, now)) throw new AppError("BAD_USER_INPUT", EXPIRED);
  return false;
}

/** The confirmation page before the button: whether the link's sign-up is confirmed already. */
export const readNewsletterConfirmation = defineOperation(
  { access: anyone, input: NewsletterLinkInput },
  async function readNewsletterConfirmation(ctx, { token }): Promise<Confirmation> {
    const request = await requestOf(ctx, token);
    const confirmed = await standing(ctx.db, request, ctx.now());
    return { confirmed, unsubscribeToken: unsubscribeToken(ctx.settings.emailLinkSecret, request.subscriberId) };
  },
);

/**
 * confirmNewsletter: the confirmation link's button (decision 058). Confirms the sign-up the link was
 * sent for, once: a second confirmation, or two at the same moment, find it confirmed and answer as
 * the first did, its confirmation time unchanged. A link of an older sign-up, of an address that
 * unsubscribed since, or past its days, is refused.
 */
export const confirmNewsletter = defineOperation(
  { access: anyone, input: NewsletterLinkInput },
  async function confirmNewsletter(ctx, { token }): Promise<Confirmation> {
    const request = await requestOf(ctx, token);
    const now = ctx.now();
    const answer = { confirmed: true, unsubscribeToken: unsubscribeToken(ctx.settings.emailLinkSecret, request.subscriberId) };
    if (await standing(ctx.db, request, now)) return answer;
    const table = newsletterSubscribers;
    const confirmed = await ctx.db
      .update(table)
      .set({ status: "confirmed", confirmedAt: now })
      .where(and(eq(table.id, request.subscriberId), eq(table.status, "pending"), eq(table.requestedAt, request.requestedAt)))
      .returning({ id: table.id });
    // Another confirmation (or a sign-up, or an unsubscribe) came first: what it left decides.
    if (confirmed.length === 0) await standing(ctx.db, request, now);
    else ctx.log.info({ subscriberId: request.subscriberId }, "a newsletter sign-up was confirmed");
    return answer;
  },
);
