import { z } from "zod";
import company from "../../../content/company.json";
import { MAX_LINE_QUANTITY } from "../../../domain/bag/max-line-quantity.ts";
import type { DeliveryTerms } from "../../../domain/delivery/delivery-option.ts";
import { SESSION_IDLE_MS, SESSION_LIFETIME_MS } from "../../../domain/identity/sessions.ts";
import { SIGN_IN_ATTEMPT_TTL_MS } from "../../../domain/identity/sign-in-attempts.ts";
import type { ProgrammeView } from "../../../domain/loyalty/programme/get-programme.ts";
import {
  goldSpendWindowText,
  goldWithinText,
  pointsRateText,
  qualifyingSpendText,
} from "../../../domain/loyalty/programme/programme-copy.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { DAY_MS, MINUTE_MS } from "../../../kernel/singapore-time.ts";
import { BAG_COOKIE_MAX_AGE } from "../bag-cookie.server.ts";
import type { PlaceholderValues } from "./placeholders.ts";

/** The merchant's own details (content/company.json), written once for every page that names them. */
const Company = z.strictObject({
  legalName: z.string().min(1),
  address: z.string().min(1),
  supportEmail: z.email(),
  supportHours: z.string().min(1),
  privacyEmail: z.email(),
  careersEmail: z.email(),
});

export const COMPANY = Company.parse(company);
/** Cookie ages are in seconds. */
const SECOND_MS = 1000;

/**
 * What `{{name}}` stands for in the content files. Each number is read from the code that applies it,
 * so the pages cannot drift from what the shop does.
 */
export function contentValues(brandName: string, programme: ProgrammeView, delivery: DeliveryTerms): PlaceholderValues {
  const { terms } = programme;
  // An action a later version dropped reads as no points rather than breaking the page.
  const points = (id: string) => programme.actionPoints[id] ?? 0;
  const values: Record<string, string | number> = {
    brandName,
    ...COMPANY,
    shippingFee: formatMoney(delivery.priceCents),
    freeShippingFrom: delivery.freeFromCents === null ? "never" : formatMoney(delivery.freeFromCents),
    deliveryFromWorkingDays: delivery.minDays,
    deliveryToWorkingDays: delivery.maxDays,
    maxLineQuantity: MAX_LINE_QUANTITY,
    pointsRate: pointsRateText(terms),
    qualifyingSpend: qualifyingSpendText(terms),
    goldSpendWindow: goldSpendWindowText(terms),
    goldWithin: goldWithinText(terms),
    goldThreshold: formatMoney(terms.goldThresholdCents),
    goldPointsMultiplier: terms.goldPointsMultiplier,
    goldLengthMonths: terms.goldLengthMonths,
    redeemHoldDays: terms.redeemHoldDays,
    claimWindowDays: terms.claimWindowDays,
    signUpPoints: programme.signUpPoints,
    followInstagramPoints: points("follow-ig"),
    followFacebookPoints: points("follow-fb"),
    postReviewPoints: programme.reviewPoints,
    tagSocialPoints: points("tag-social"),
    referFriendsPoints: points("refer-friends"),
    sessionIdleDays: SESSION_IDLE_MS / DAY_MS,
    sessionLifetimeDays: SESSION_LIFETIME_MS / DAY_MS,
    bagCookieDays: (BAG_COOKIE_MAX_AGE * SECOND_MS) / DAY_MS,
    signInMinutes: SIGN_IN_ATTEMPT_TTL_MS / MINUTE_MS,
  };
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));
}
