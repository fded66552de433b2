import { and, eq, ne } from "drizzle-orm";
import { newsletterSubscribers } from "../../db/schema/newsletter.ts";
import { AppError } from "../../kernel/app-error.ts";
import { anyone } from "../shared/access.ts";
import type { OperationContext } from "../shared/context.ts";
import { defineOperation } from "../shared/operation.ts";
import { NewsletterLinkInput } from "./confirm.ts";
import { readUnsubscribeToken } from "./newsletter-links.ts";

export const BAD_UNSUBSCRIBE_LINK =
  "This unsubscribe link is incomplete or not one of ours. Open it again from the newsletter email.";

async function subscriberOf(ctx: OperationContext, token: string) {
  const id = readUnsubscribeToken(ctx.settings.emailLinkSecret, token);
  const [row] = id ? await ctx.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)) : [];
  if (!row) throw new AppError("BAD_USER_INPUT", BAD_UNSUBSCRIBE_LINK);
  return row;
}

/** The unsubscribe page before its button: whether the address is unsubscribed already. */
export const readNewsletterUnsubscribe = defineOperation(
  { access: anyone, input: NewsletterLinkInput },
  async function readNewsletterUnsubscribe(ctx, { token }) {
    const row = await subscriberOf(ctx, token);
    return { unsubscribed: row.status === "unsubscribed" };
  },
);

/**
 * unsubscribeFromNewsletter: a newsletter email's unsubscribe link, confirmed on its page or posted by
 * the mail client (RFC 8058 one-click), without signing in: the signed token names the subscriber.
 * A waiting sign-up is ended too, so its confirmation link no longer works. Asking twice changes nothing.
 */
export const unsubscribeFromNewsletter = defineOperation(
  { access: anyone, input: NewsletterLinkInput },
  async function unsubscribeFromNewsletter(ctx, { token }) {
    const row = await subscriberOf(ctx, token);
    const table = newsletterSubscribers;
    const ended = await ctx.db
      .update(table)
      .set({ status: "unsubscribed", unsubscribedAt: ctx.now() })
      .where(and(eq(table.id, row.id), ne(table.status, "unsubscribed")))
      .returning({ id: table.id });
    if (ended.length > 0) ctx.log.info({ subscriberId: row.id }, "an address unsubscribed from the newsletter");
    return { unsubscribed: true };
  },
);
