import { describe, expect, it } from "vitest";
import type { ProgrammeSchedule } from "../../domain/loyalty/programme/programme.ts";
import { renderMemberEmail } from "../../domain/member-emails/member-email-content.ts";
import { MEMBER_EMAILS, type MemberEmailData } from "../../domain/member-emails/member-emails.ts";
import { readUnsubscribeToken, unsubscribeToken } from "../../domain/member-emails/unsubscribe-token.ts";
import { messageOf } from "../../integrations/email/mailer.ts";
import {
  MEMBER_EMAIL_KINDS,
  type MemberEmailKind,
  SERVICE_MEMBER_EMAIL_KINDS,
  SWITCHABLE_MEMBER_EMAIL_KINDS,
} from "../../kernel/member-email-kinds.ts";
import { V1_RULES, V1_SCHEDULE } from "../setup/programme-fixtures.ts";

const SECRET = "unit-test-email-link-secret-0123456789";
const SETTINGS = { brandName: "Nectar Lab", publicUrl: "https://shop.example.sg", emailLinkSecret: SECRET };
const MEMBER = { id: "member-1", name: "Tan Mei Ling" };
const AT = new Date("2026-05-04T02:00:00Z");

const DATA: { [K in MemberEmailKind]: MemberEmailData<K> } = {
  "order-points": { invoiceId: "6B4K2P9X", points: 101, bonuses: [{ name: "Double weekend", points: 101 }], balance: 1_252 },
  "gold-reached": { goldStartAt: AT.toISOString() },
  "gold-ending": { goldStartAt: "2025-05-18T02:00:00.000Z", goldYearEndsAt: "2026-05-18T02:00:00.000Z", spentCents: 21_000 },
  "points-expiring": { points: 320, expiresAt: "2026-06-30T15:59:59.000Z", balance: 1_252 },
  "reward-shipped": { invoiceId: "6B4K2P9X", rewards: ["Reward: Luna Collagen Drink, Lychee Luxe (950 points)"] },
  "referral-rewarded": { points: 200, friendName: "Siti Rahmah", balance: 1_452 },
  "review-request": {
    invoiceId: "6B4K2P9X",
    products: [
      { id: "m8", name: "Luna Collagen Nectar" },
      { id: "j4", name: "Joffee" },
    ],
  },
  "subscription-changed": {
    item: "Luna Collagen Drink · Lychee Luxe · 8-serving box × 1",
    change: "Your box of Thu, 12 Mar 2026 is skipped.",
    next: "Your next box is due on Thu, 9 Apr 2026.",
  },
  "subscription-reminder": {
    item: "Luna Collagen Nectar · Berries Acai · 1 Box",
    dueOn: "2026-05-07",
    amountCents: 5857,
    skipToken: "1.abc.def",
  },
  "renewal-declined": {
    item: "Luna Collagen Nectar · Berries Acai · 1 Box",
    dueOn: "2026-05-04",
    amountCents: 5857,
    cardLast4: "0341",
    reason: "Your card was declined.",
    retryAt: "2026-05-05T02:00:00.000Z",
  },
  "renewal-authentication": {
    item: "Luna Collagen Nectar · Berries Acai · 1 Box",
    dueOn: "2026-05-04",
    amountCents: 5857,
    payUrl: "/pay/test/cs_test_1",
    payBy: "2026-05-05T01:00:00.000Z",
  },
  "renewal-not-charged": {
    item: "Luna Collagen Nectar · Berries Acai · 1 Box × 1",
    dueOn: "2026-05-04",
    why: "sold_out",
    outcome: "delayed",
    nextRenewalOn: "2026-05-05",
  },
};

const render = <K extends MemberEmailKind>(kind: K, schedule: ProgrammeSchedule = V1_SCHEDULE, member = MEMBER) =>
  renderMemberEmail(kind, DATA[kind] as MemberEmailData<K>, { member, settings: SETTINGS, schedule, at: AT });

describe("programme email templates", () => {
  it("gives each kind its subject line", () => {
    expect(Object.fromEntries(MEMBER_EMAIL_KINDS.map((kind) => [kind, render(kind).subject]))).toEqual({
      "order-points": "You earned 202 points on order 6B4K2P9X",
      "gold-reached": "You're a Nectar Lab gold member",
      "gold-ending": "Your gold year ends on Mon, 18 May 2026",
      "points-expiring": "320 points expire on Tue, 30 Jun 2026",
      "reward-shipped": "Your reward is on its way",
      "referral-rewarded": "You earned 200 points for a referral",
      "review-request": "How are you finding your order?",
      "subscription-changed": "Your subscription has changed",
      "subscription-reminder": "Your next box is on its way on Thu, 7 May 2026",
      "renewal-declined": "Your subscription payment was declined",
      "renewal-authentication": "Please confirm the payment for your subscription box",
      "renewal-not-charged": "Your box of Mon, 4 May 2026 is delayed",
    });
  });

  it.each(SWITCHABLE_MEMBER_EMAIL_KINDS)(
    "writes %s as text with the greeting, the link to act on, and how to choose or stop these emails",
    (kind) => {
      const { text, unsubscribeUrl: url } = render(kind);
      const unsubscribeUrl = url ?? "";
      expect(text.startsWith("Nectar Lab\n")).toBe(true);
      expect(text).toContain("Hi Tan Mei Ling,");
      expect(text).toMatch(/^[A-Z][^:\n]+: https:\/\/shop\.example\.sg\/\S+$/m);
      expect(text).toContain("Choose which emails you get: https://shop.example.sg/member/account#emails");
      expect(text).toContain(`Unsubscribe from these emails: ${unsubscribeUrl}`);
      expect(unsubscribeUrl).toMatch(/^https:\/\/shop\.example\.sg\/email\/unsubscribe\?t=1\.[\w-]+\.[\w-]+$/);
      expect(readUnsubscribeToken(SECRET, new URL(unsubscribeUrl).searchParams.get("t") ?? "")).toEqual({
        memberId: MEMBER.id,
        kind,
      });
    },
  );

  it.each(SERVICE_MEMBER_EMAIL_KINDS)(
    "writes %s, a service email, with no way to stop it: it is sent whatever the member chose",
    (kind) => {
      const { text, html, unsubscribeUrl } = render(kind);
      expect(unsubscribeUrl).toBeNull();
      expect(text).toContain("Hi Tan Mei Ling,");
      expect(text).toContain(`“${MEMBER_EMAILS[kind].label}” emails are sent whatever emails you choose.`);
      expect(`${text}${html}`).not.toMatch(/unsubscribe|member\/account#emails/i);
    },
  );

  it.each(MEMBER_EMAIL_KINDS)("writes %s as HTML a phone and a screen reader can read", (kind) => {
    const { html, subject, unsubscribeUrl } = render(kind);
    expect(html).toMatch(/^<!doctype html>\n<html lang="en" dir="ltr">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain(`<title>${subject.replaceAll("'", "&#39;")}</title>`);
    // Layout tables are announced as nothing; the one column narrows with the screen.
    expect(html.match(/<table /g)?.length).toBe(html.match(/<table role="presentation"/g)?.length);
    expect(html).toContain("max-width:600px;width:100%");
    expect(html).toMatch(/<h1 [^>]*>[^<]+<\/h1>/);
    // Every image (there are none today) would need its text alternative.
    expect(html.match(/<img(?![^>]*\balt=)/g)).toBeNull();
    if (unsubscribeUrl) expect(html).toContain(`href="${unsubscribeUrl}"`);
    expect(html).not.toMatch(/<script|javascript:/i);
  });

  it("tells the points, each campaign bonus and the balance, in both parts", () => {
    const { text, html } = render("order-points");
    expect(text).toContain("Order 6B4K2P9X: 101 points\nBonus: Double weekend: 101 points\nYour balance: 1,252 points");
    expect(text).toContain("Points are earned on goods paid after promotion codes, excluding delivery.");
    expect(html).toContain("Bonus: Double weekend");
  });

  it("words the gold rules from the programme version that applies, never from numbers of its own", () => {
    expect(render("gold-reached").text).toContain("You now earn 1.5 times the points on every order, for 12 months.");
    expect(render("gold-ending").text).toContain("S$90.00 to go");
    const changed = { ...V1_RULES, gold: { ...V1_RULES.gold, multiplier: 2, lengthMonths: 6, thresholdCents: 50_000 } };
    const schedule: ProgrammeSchedule = [{ ...(V1_SCHEDULE[0] as ProgrammeSchedule[number]), rules: changed }];
    expect(render("gold-reached", schedule).text).toContain("You now earn 2 times the points on every order, for 6 months.");
    expect(render("gold-ending", schedule).text).toContain("S$290.00 to go");

    for (const { kind, body } of Object.values(MEMBER_EMAILS)) {
      expect(String(body), kind).not.toMatch(/\b\d+(\.\d+)? (days?|months?|times|points?)\b|S\$\d/);
    }
  });

  it("escapes what members and staff typed", () => {
    const { html, text } = render("order-points", V1_SCHEDULE, { id: "member-1", name: '<b onclick="x">Mei</b>' });
    expect(html).toContain("Hi &lt;b onclick=&quot;x&quot;&gt;Mei&lt;/b&gt;,");
    expect(text).toContain('Hi <b onclick="x">Mei</b>,');
  });
});

describe("unsubscribe tokens and headers", () => {
  const token = unsubscribeToken(SECRET, { memberId: "member-1", kind: "order-points" });

  it("reads only what the shop signed", () => {
    expect(readUnsubscribeToken(SECRET, token)).toEqual({ memberId: "member-1", kind: "order-points" });
    const [version, , signature] = token.split(".");
    const other = (payload: string) => `${version}.${Buffer.from(payload).toString("base64url")}.${signature}`;
    for (const forged of [
      other("member-2:order-points"),
      other("member-1:gold-reached"),
      unsubscribeToken("another-secret-of-at-least-32-chars", { memberId: "member-1", kind: "order-points" }),
      token.replace(/^1\./, "2."),
      `${token}.extra`,
      "",
    ]) {
      expect(readUnsubscribeToken(SECRET, forged)).toBeNull();
    }
  });

  it("puts List-Unsubscribe and List-Unsubscribe-Post on programme emails only", () => {
    const email = { key: "k-1", date: AT, to: "mei@example.com", subject: "Hi", text: "Hi" };
    const url = `https://shop.example.sg/email/unsubscribe?t=${token}`;
    const programme = messageOf({ ...email, unsubscribeUrl: url }, "Nectar Lab <orders@nectarlab.sg>");
    expect(programme.headers).toEqual({
      "List-Unsubscribe": {
        prepared: true,
        value: `<${url}>, <mailto:orders@nectarlab.sg?subject=Unsubscribe&body=${encodeURIComponent(url)}>`,
      },
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(programme).not.toHaveProperty("unsubscribeUrl");
    expect(messageOf(email, "Nectar Lab <orders@nectarlab.sg>")).not.toHaveProperty("headers");
  });
});
