import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { subscriptionRenewals, subscriptions } from "../../db/schema/subscriptions.ts";
import { AppError } from "../../kernel/app-error.ts";
import { readSkipRenewalToken, type SkipRenewalSubject } from "../member-emails/skip-renewal-token.ts";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { recordSkip } from "./record-skip.ts";

/** A reminder's skip link's token, as the link carries it (`?t=`). */
export const SkipRenewalLinkInput = z.object({ token: z.string({ error: "is required" }).max(400, { error: "is too long" }) });

/**
 * Where the date a skip link names stands: it can be skipped; it was skipped (by this link or
 * otherwise); or it is past skipping (already renewing, the date moved, the subscription not active).
 */
export type SkipLinkState = {
  state: "can_skip" | "skipped" | "renewing" | "moved" | "not_active";
  dueOn: string;
  /** The subscription's next date as it stands (after a skip, the one after the skipped date). */
  nextRenewalOn: string;
};

export const BAD_SKIP_LINK =
  "This skip link is incomplete or not one of ours. Open it again from the email, or manage your subscription on your account page.";

async function stateOf(tx: Tx, subject: SkipRenewalSubject, lock: boolean): Promise<SkipLinkState> {
  const query = tx.select().from(subscriptions).where(eq(subscriptions.id, subject.subscriptionId));
  const [subscription] = lock ? await query.for("update") : await query;
  if (!subscription) throw new AppError("NOT_FOUND", "This subscription no longer exists.");
  const [renewal] = await tx
    .select({ outcome: subscriptionRenewals.outcome })
    .from(subscriptionRenewals)
    .where(and(eq(subscriptionRenewals.subscriptionId, subscription.id), eq(subscriptionRenewals.dueOn, subject.dueOn)));
  const at = { dueOn: subject.dueOn, nextRenewalOn: subscription.nextRenewalOn };
  if (renewal) return { ...at, state: renewal.outcome === "skipped" ? "skipped" : "renewing" };
  if (subscription.status !== "active") return { ...at, state: "not_active" };
  return { ...at, state: subscription.nextRenewalOn === subject.dueOn ? "can_skip" : "moved" };
}

function subjectOf(secret: string, token: string): SkipRenewalSubject {
  const subject = readSkipRenewalToken(secret, token);
  if (!subject) throw new AppError("BAD_USER_INPUT", BAD_SKIP_LINK);
  return subject;
}

/** The skip page before the member confirms: the date and whether it can still be skipped. Changes nothing (mail scanners open links). */
export const readSkipRenewalLink = defineOperation(
  { access: anyone, input: SkipRenewalLinkInput },
  async function readSkipRenewalLink(ctx, { token }): Promise<SkipLinkState> {
    const subject = subjectOf(ctx.settings.emailLinkSecret, token);
    return ctx.db.transaction((tx) => stateOf(tx, subject, false));
  },
);

/**
 * A reminder's skip link, confirmed on its page without signing in (the signed token is the proof,
 * and it names one subscription and one date): that date is recorded as skipped (the renewal's
 * row for it, unique per date, so it works once and says so after) and the next date moves on by the cadence.
 */
export const skipRenewalByLink = defineOperation(
  { access: anyone, input: SkipRenewalLinkInput },
  async function skipRenewalByLink(ctx, { token }): Promise<SkipLinkState> {
    const subject = subjectOf(ctx.settings.emailLinkSecret, token);
    const now = ctx.now();
    return ctx.db.transaction(async (tx) => {
      const current = await stateOf(tx, subject, true);
      if (current.state !== "can_skip") return current;
      const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subject.subscriptionId));
      if (!subscription) throw new Error(`Subscription ${subject.subscriptionId} vanished`);
      const nextRenewalOn = await recordSkip(tx, subscription, subject.dueOn, now);
      await tx.update(subscriptions).set({ nextRenewalOn, updatedAt: now }).where(eq(subscriptions.id, subscription.id));
      ctx.log.info({ subscriptionId: subscription.id, dueOn: subject.dueOn }, "a member skipped a renewal from its reminder");
      return { state: "skipped", dueOn: subject.dueOn, nextRenewalOn };
    });
  },
);
