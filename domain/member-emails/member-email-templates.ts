import { formatDate } from "../../kernel/format-timestamp.ts";
import type { MemberEmailKind } from "../../kernel/member-email-kinds.ts";
import { formatMoney } from "../../kernel/money.ts";
import { type ProgrammeSchedule, programmeAt, termsOf } from "../loyalty/programme.ts";
import { formatPoints, goldBenefitText, goldKeptText, goldRenewalText, qualifyingSpendText } from "../loyalty/programme-copy.ts";
import { goldYearEnd } from "../loyalty/tiers.ts";
import type { MemberEmailData } from "./member-email-data.ts";
import type { MemberEmailBody } from "./member-email-layout.ts";

/** What a template reads besides its data: the programme's versions (for the words of its rules) and the shop's address. */
export type TemplateContext = { schedule: ProgrammeSchedule; publicUrl: string; brandName: string; at: Date };

type Templates = { [K in MemberEmailKind]: (data: MemberEmailData<K>, context: TemplateContext) => MemberEmailBody };

const termsAt = (context: TemplateContext, at: Date) => termsOf(programmeAt(context.schedule, at).rules);

/**
 * Each programme email's words (decision 044). Rules are worded by programme-copy.ts from the version
 * that applies, so no programme number is typed here.
 */
export const MEMBER_EMAIL_TEMPLATES: Templates = {
  "order-points": (data, context) => {
    const bonus = data.bonuses.reduce((sum, entry) => sum + entry.points, 0);
    const total = data.points + bonus;
    return {
      subject: `You earned ${formatPoints(total)} on order ${data.invoiceId}`,
      preheader: `Your balance is now ${formatPoints(data.balance)}.`,
      heading: `${formatPoints(total)} for your order`,
      paragraphs: [
        `Thank you for your order ${data.invoiceId}. It earned you ${formatPoints(total)}${bonus > 0 ? ", campaign bonus included" : ""}.`,
        `Points are earned on ${qualifyingSpendText(termsAt(context, context.at))}.`,
      ],
      facts: [
        [`Order ${data.invoiceId}`, formatPoints(data.points)],
        ...data.bonuses.map((entry): [string, string] => [`Bonus: ${entry.name}`, formatPoints(entry.points)]),
        ["Your balance", formatPoints(data.balance)],
      ],
      action: { label: "See your points", url: `${context.publicUrl}/member` },
    };
  },

  "gold-reached": (data, context) => {
    const goldStartAt = new Date(data.goldStartAt);
    const terms = termsAt(context, goldStartAt);
    const yearEnd = goldYearEnd(goldStartAt, context.schedule);
    return {
      subject: `You're a ${context.brandName} gold member`,
      preheader: goldBenefitText(terms),
      heading: "Welcome to gold",
      paragraphs: [
        `Your spend with us has made you a gold member from ${formatDate(goldStartAt)}.`,
        goldBenefitText(terms),
        goldRenewalText(formatDate(yearEnd), termsAt(context, yearEnd)),
      ],
      action: { label: "See your membership", url: `${context.publicUrl}/member` },
    };
  },

  "gold-ending": (data, context) => {
    const yearEnd = new Date(data.goldYearEndsAt);
    const terms = termsAt(context, yearEnd);
    const remaining = terms.goldThresholdCents - data.spentCents;
    return {
      subject: `Your gold year ends on ${formatDate(yearEnd)}`,
      preheader:
        remaining > 0 ? `${formatMoney(remaining)} more keeps you gold.` : "You have already kept gold for another year.",
      heading: "Your gold year is ending soon",
      paragraphs:
        remaining > 0
          ? [
              goldRenewalText(formatDate(yearEnd), terms),
              `So far you have spent ${formatMoney(Math.max(0, data.spentCents))}: ${formatMoney(remaining)} to go.`,
            ]
          : [goldKeptText(terms)],
      action: {
        label: remaining > 0 ? "Shop now" : "See your membership",
        url: `${context.publicUrl}${remaining > 0 ? "/shop" : "/member"}`,
      },
    };
  },

  "points-expiring": (data, context) => {
    const expiresOn = formatDate(new Date(data.expiresAt));
    return {
      subject: `${formatPoints(data.points)} expire on ${expiresOn}`,
      preheader: "Use them on a reward before they go.",
      heading: "Some of your points are expiring",
      paragraphs: [`${formatPoints(data.points)} of your balance expire on ${expiresOn}. Use them on a reward before then.`],
      facts: [
        [`Expiring on ${expiresOn}`, formatPoints(data.points)],
        ["Your balance", formatPoints(data.balance)],
      ],
      action: { label: "Choose a reward", url: `${context.publicUrl}/member` },
    };
  },

  "reward-shipped": (data, context) => {
    const many = data.rewards.length > 1;
    return {
      subject: many ? "Your rewards are on their way" : "Your reward is on its way",
      preheader: `${many ? "They ship" : "It ships"} with your order ${data.invoiceId}.`,
      heading: many ? "Your rewards are on their way" : "Your reward is on its way",
      paragraphs: [`What you took with your points has shipped with your order ${data.invoiceId}:`],
      items: data.rewards,
      action: { label: "Follow your order", url: `${context.publicUrl}/order-details/${data.invoiceId}` },
    };
  },

  "referral-rewarded": (data, context) => ({
    subject: `You earned ${formatPoints(data.points)} for a referral`,
    preheader: `Your balance is now ${formatPoints(data.balance)}.`,
    heading: "Thank you for the referral",
    paragraphs: [`${data.friendName ?? "A friend you referred"} ordered with us, so you earned ${formatPoints(data.points)}.`],
    facts: [
      ["Referral points", formatPoints(data.points)],
      ["Your balance", formatPoints(data.balance)],
    ],
    action: { label: "See your points", url: `${context.publicUrl}/member` },
  }),
};
