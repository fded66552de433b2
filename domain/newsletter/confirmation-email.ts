import { eq } from "drizzle-orm";
import { newsletterSubscribers } from "../../db/schema/newsletter.ts";
import type { OutgoingEmail } from "../../integrations/email/mailer.ts";
import { memberEmailHtml, memberEmailText } from "../member-emails/member-email-layout.ts";
import type { OperationContext } from "../shared/context.ts";
import { NEWSLETTER_CONSENT } from "./consent.ts";
import { CONFIRM_LINK_DAYS, confirmUrlOf, unsubscribeUrlOf } from "./newsletter-links.ts";
import { ConfirmationEmailData } from "./subscribe.ts";

/**
 * A newsletter sign-up's confirmation email, in the programme emails' frame, asked at send time:
 * null when its request is no longer the one waiting (confirmed, unsubscribed or asked again since),
 * so an old row never sends a link that would not work. It carries the subscriber's one-click
 * unsubscribe, as every newsletter email does.
 */
export async function newsletterConfirmationEmail(
  ctx: Pick<OperationContext, "db" | "settings">,
  rowData: unknown,
): Promise<Omit<OutgoingEmail, "key" | "date"> | null> {
  const data = ConfirmationEmailData.parse(rowData);
  const [subscriber] = await ctx.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, data.subscriberId));
  const requestedAt = new Date(data.requestedAt);
  if (subscriber?.status !== "pending" || subscriber.requestedAt.getTime() !== requestedAt.getTime()) return null;
  const { brandName, publicUrl } = ctx.settings;
  const confirmUrl = confirmUrlOf(ctx.settings, { subscriberId: subscriber.id, requestedAt });
  const unsubscribeUrl = unsubscribeUrlOf(ctx.settings, subscriber.id);
  const body = {
    subject: `Confirm your ${brandName} newsletter sign-up`,
    preheader: "One click and you're on the list.",
    heading: "Please confirm your sign-up",
    paragraphs: [
      `This address was given on ${brandName}'s website to get our newsletter, with this box ticked:`,
      `“${NEWSLETTER_CONSENT.wording}”`,
      `If that was you, confirm with the button below; the link works for ${CONFIRM_LINK_DAYS} days. ` +
        "If it wasn't, ignore this email: without a confirmation we send nothing more.",
    ],
    action: { label: "Confirm my sign-up", url: confirmUrl },
  };
  const frame = {
    brandName,
    publicUrl,
    memberName: "",
    kindLabel: "Newsletter",
    unsubscribeUrl,
    reason: `You get this email because this address was given to sign up for the ${brandName} newsletter.`,
  };
  return {
    to: subscriber.email,
    subject: body.subject,
    text: memberEmailText(body, frame),
    html: memberEmailHtml(body, frame),
    unsubscribeUrl,
  };
}
