/**
 * The frame every programme email shares (decision 044): the brand's header, a heading, the words,
 * one button, and the footer that says why the member gets it and how to stop it. Written once as
 * HTML for mail clients (tables and inline styles, which every client keeps; one column of at most
 * 600 px that narrows with the screen) and once as plain text from the same parts.
 */

/** What one email says; plain text throughout (the layout escapes it for HTML). */
export type MemberEmailBody = {
  subject: string;
  /** The line inboxes show after the subject. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  /** Label and value rows, e.g. the points and the balance. */
  facts?: [string, string][];
  /** A short list, e.g. the rewards in a parcel. */
  items?: string[];
  action: { label: string; url: string };
  /** Other things to do, as links under the button (a reminder's "skip this one"). */
  links?: { label: string; url: string }[];
};

export type MemberEmailFrame = {
  brandName: string;
  publicUrl: string;
  /** The member's name as they gave it; empty when they gave none. */
  memberName: string;
  /** The kind's name on the account page, so the footer says which emails these are. */
  kindLabel: string;
  /** null: a service email, sent whatever the member chose, so the footer offers no way to stop it. */
  unsubscribeUrl: string | null;
  /**
   * Why an email to someone who need not be a member came (the newsletter's): the footer says it in
   * place of the programme's choice, and offers the unsubscribe link alone.
   */
  reason?: string;
};

/** The shop's colours (app/styles/app.css), each at AA contrast against the background it sits on. */
const COLOURS = {
  page: "#eef7f8",
  card: "#ffffff",
  brand: "#0b3a42",
  button: "#0b5763",
  ink: "#17252a",
  muted: "#4b5d63",
  rule: "#d5ecef",
};
const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

const greetingOf = (name: string) => (name.trim() ? `Hi ${name.trim()},` : "Hi,");

function footerLines(frame: MemberEmailFrame): { why: string; choose: string | null; stop: string } {
  return {
    why: frame.reason
      ? frame.reason
      : frame.unsubscribeUrl
        ? `You get this email as a ${frame.brandName} member because “${frame.kindLabel}” emails are on.`
        : `You get this email as a ${frame.brandName} member: “${frame.kindLabel}” emails are sent whatever emails you choose.`,
    choose: frame.reason ? null : "Choose which emails you get",
    stop: "Unsubscribe from these emails",
  };
}

export const preferencesUrlOf = (publicUrl: string) => `${publicUrl}/member/account#emails`;

export function memberEmailText(body: MemberEmailBody, frame: MemberEmailFrame): string {
  const footer = footerLines(frame);
  return [
    frame.brandName,
    "",
    body.heading,
    "",
    greetingOf(frame.memberName),
    "",
    ...body.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(body.facts?.length ? [...body.facts.map(([label, value]) => `${label}: ${value}`), ""] : []),
    ...(body.items?.length ? [...body.items.map((item) => `- ${item}`), ""] : []),
    `${body.action.label}: ${body.action.url}`,
    ...(body.links ?? []).map((link) => `${link.label}: ${link.url}`),
    "",
    "—",
    footer.why,
    ...(frame.unsubscribeUrl
      ? [
          ...(footer.choose ? [`${footer.choose}: ${preferencesUrlOf(frame.publicUrl)}`] : []),
          `${footer.stop}: ${frame.unsubscribeUrl}`,
        ]
      : []),
  ].join("\n");
}

const paragraph = (text: string) =>
  `<p style="margin:0 0 16px;${FONT}font-size:16px;line-height:1.5;color:${COLOURS.ink};">${escapeHtml(text)}</p>`;

function factsTable(facts: [string, string][]): string {
  const rows = facts
    .map(([label, value], index) => {
      const last = index === facts.length - 1;
      const cell = `${FONT}font-size:16px;line-height:1.4;padding:8px 0;color:${COLOURS.ink};${last ? "font-weight:700;" : ""}border-top:1px solid ${COLOURS.rule};`;
      return `<tr><th scope="row" align="left" style="${cell}font-weight:${last ? 700 : 400};">${escapeHtml(label)}</th><td align="right" style="${cell}">${escapeHtml(value)}</td></tr>`;
    })
    .join("");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;border-collapse:collapse;">${rows}</table>`;
}

function itemList(items: string[]): string {
  const entries = items
    .map(
      (item) => `<li style="margin:0 0 8px;${FONT}font-size:16px;line-height:1.5;color:${COLOURS.ink};">${escapeHtml(item)}</li>`,
    )
    .join("");
  return `<ul style="margin:0 0 20px;padding:0 0 0 20px;">${entries}</ul>`;
}

function button({ label, url }: MemberEmailBody["action"]): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr><td bgcolor="${COLOURS.button}" style="border-radius:999px;background-color:${COLOURS.button};"><a href="${escapeHtml(url)}" style="display:inline-block;padding:14px 28px;${FONT}font-size:16px;font-weight:700;line-height:1.2;color:#ffffff;text-decoration:none;border-radius:999px;">${escapeHtml(label)}</a></td></tr></table>`;
}

export function memberEmailHtml(body: MemberEmailBody, frame: MemberEmailFrame): string {
  const footer = footerLines(frame);
  const link = `color:${COLOURS.button};text-decoration:underline;`;
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(body.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${COLOURS.page};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(body.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${COLOURS.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;background-color:${COLOURS.card};border-radius:12px;">
<tr><td style="padding:20px 24px;background-color:${COLOURS.brand};border-radius:12px 12px 0 0;">
<a href="${escapeHtml(frame.publicUrl)}" style="${FONT}font-size:22px;font-weight:800;letter-spacing:-0.02em;color:#ffffff;text-decoration:none;">${escapeHtml(frame.brandName)}</a>
</td></tr>
<tr><td style="padding:28px 24px 4px;">
<h1 style="margin:0 0 16px;${FONT}font-size:24px;line-height:1.3;font-weight:800;color:${COLOURS.brand};">${escapeHtml(body.heading)}</h1>
${paragraph(greetingOf(frame.memberName))}
${body.paragraphs.map(paragraph).join("\n")}
${body.facts?.length ? factsTable(body.facts) : ""}
${body.items?.length ? itemList(body.items) : ""}
${button(body.action)}
${(body.links ?? []).map((item) => `<p style="margin:0 0 16px;${FONT}font-size:16px;line-height:1.5;"><a href="${escapeHtml(item.url)}" style="${link}">${escapeHtml(item.label)}</a></p>`).join("\n")}
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid ${COLOURS.rule};${FONT}font-size:14px;line-height:1.5;color:${COLOURS.muted};">
<p style="margin:0 0 8px;">${escapeHtml(footer.why)}</p>
${frame.unsubscribeUrl ? `<p style="margin:0;">${footer.choose ? `<a href="${escapeHtml(preferencesUrlOf(frame.publicUrl))}" style="${link}">${footer.choose}</a> · ` : ""}<a href="${escapeHtml(frame.unsubscribeUrl)}" style="${link}">${footer.stop}</a></p>` : ""}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}
