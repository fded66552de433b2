import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { emailOutbox } from "../../db/schema/email-outbox.ts";
import { memberEmailOptOuts } from "../../db/schema/member-emails.ts";
import { members } from "../../db/schema/members.ts";
import type { MemberEmailKind } from "../../kernel/member-email-kinds.ts";
import { loadProgrammeSchedule, type ProgrammeSchedule } from "../loyalty/programme.ts";
import type { ShopSettings } from "../shared/context.ts";
import { MEMBER_EMAIL_DATA, type MemberEmailData } from "./member-email-data.ts";
import { MEMBER_EMAIL_LABELS } from "./member-email-kinds.ts";
import { type MemberEmailBody, memberEmailHtml, memberEmailText } from "./member-email-layout.ts";
import { MEMBER_EMAIL_TEMPLATES, type TemplateContext } from "./member-email-templates.ts";
import { unsubscribeUrlOf } from "./unsubscribe-token.ts";

export type RenderedMemberEmail = { subject: string; text: string; html: string; unsubscribeUrl: string };

/** One programme email for one member, in HTML and text, with its unsubscribe link: what is sent and what staff preview. */
export function renderMemberEmail<K extends MemberEmailKind>(
  kind: K,
  data: MemberEmailData<K>,
  input: {
    member: { id: string; name: string };
    settings: Pick<ShopSettings, "brandName" | "publicUrl" | "emailLinkSecret">;
    schedule: ProgrammeSchedule;
    /** When what the email tells of happened. */
    at: Date;
  },
): RenderedMemberEmail {
  const { brandName, publicUrl, emailLinkSecret } = input.settings;
  // Indexed by a kind that is generic, the template's type is a union TypeScript cannot call; K ties data to it.
  const template = MEMBER_EMAIL_TEMPLATES[kind] as (data: MemberEmailData<K>, context: TemplateContext) => MemberEmailBody;
  const body = template(data, { schedule: input.schedule, publicUrl, brandName, at: input.at });
  const unsubscribeUrl = unsubscribeUrlOf(publicUrl, emailLinkSecret, { memberId: input.member.id, kind });
  const frame = {
    brandName,
    publicUrl,
    memberName: input.member.name,
    kindLabel: MEMBER_EMAIL_LABELS[kind].label,
    unsubscribeUrl,
  };
  return { subject: body.subject, text: memberEmailText(body, frame), html: memberEmailHtml(body, frame), unsubscribeUrl };
}

/** Whether the member has turned this kind of programme email off. */
export async function hasOptedOut(db: Database, memberId: string, kind: MemberEmailKind): Promise<boolean> {
  const [row] = await db
    .select({ kind: memberEmailOptOuts.kind })
    .from(memberEmailOptOuts)
    .where(and(eq(memberEmailOptOuts.memberId, memberId), eq(memberEmailOptOuts.kind, kind)));
  return row !== undefined;
}

/**
 * A programme email's outbox row as the message to send, asked at send time: null when it must not
 * go out — the member has turned its kind off since it was written, or is no longer a member.
 */
export async function memberEmailToSend(
  deps: { db: Database; settings: ShopSettings },
  row: typeof emailOutbox.$inferSelect & { kind: MemberEmailKind },
): Promise<(RenderedMemberEmail & { to: string }) | null> {
  if (!row.memberId) return null;
  const [member] = await deps.db
    .select({ id: members.id, name: members.name, email: members.email })
    .from(members)
    .where(eq(members.id, row.memberId));
  if (!member || (await hasOptedOut(deps.db, member.id, row.kind))) return null;
  const data = MEMBER_EMAIL_DATA[row.kind].parse(row.data) as MemberEmailData<typeof row.kind>;
  const schedule = await loadProgrammeSchedule(deps.db);
  return {
    to: member.email,
    ...renderMemberEmail(row.kind, data, { member, settings: deps.settings, schedule, at: row.createdAt }),
  };
}
