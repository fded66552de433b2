import { asc, count, eq } from "drizzle-orm";
import { z } from "zod";
import { newsletterSubscribers } from "../../../db/schema/newsletter.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { unsubscribeUrlOf } from "../newsletter-links.ts";

/** The newsletter is marketing: the staff who run promotions look after its list (decision 058). */
const newsletterScreens = staffHolding("promotions");

/** How many addresses get the newsletter, and how many have asked and not yet confirmed. */
export const countNewsletterSubscribers = defineOperation(
  { access: newsletterScreens, input: z.object({}) },
  async function countNewsletterSubscribers(ctx) {
    const rows = await ctx.db
      .select({ status: newsletterSubscribers.status, count: count() })
      .from(newsletterSubscribers)
      .groupBy(newsletterSubscribers.status);
    const of = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
    return { confirmed: of("confirmed"), pending: of("pending") };
  },
);

/**
 * exportNewsletterSubscribers: every confirmed address with its proof of consent and its one-click
 * unsubscribe address, which a newsletter sent from another tool must carry (its List-Unsubscribe).
 * A list of people's addresses leaving the shop is recorded in the audit log.
 */
export const exportNewsletterSubscribers = defineOperation(
  { access: newsletterScreens, input: z.object({}) },
  async function exportNewsletterSubscribers(ctx, _input, actor) {
    const table = newsletterSubscribers;
    const rows = await ctx.db
      .select({
        id: table.id,
        email: table.email,
        consentVersion: table.consentVersion,
        requestedAt: table.requestedAt,
        confirmedAt: table.confirmedAt,
      })
      .from(table)
      .where(eq(table.status, "confirmed"))
      .orderBy(asc(table.confirmedAt), asc(table.id));
    const at = ctx.now();
    await ctx.db.transaction((tx) =>
      recordAudit(tx, {
        actor,
        action: "newsletter.export",
        target: "confirmed subscribers",
        before: null,
        after: { count: rows.length },
        at,
      }),
    );
    return rows.map((row) => ({ ...row, unsubscribeUrl: unsubscribeUrlOf(ctx.settings, row.id) }));
  },
);
