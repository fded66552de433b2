import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { emailOutbox } from "../../db/schema/email-outbox.ts";
import { memberEmailOptOuts } from "../../db/schema/member-emails.ts";
import { members } from "../../db/schema/members.ts";
import { isSwitchableMemberEmail, type MemberEmailKind } from "../../kernel/member-email-kinds.ts";
import { loadProgrammeSchedule, type ProgrammeSchedule } from "../loyalty/programme/programme.ts";
import type { ShopSettings } from "../shared/context.ts";
import { memberEmailHtml, memberEmailText } from "./member-email-layout.ts";
import { type MemberEmailData, memberEmailOf } from "./member-emails.ts";
import { unsubscribeUrlOf } from "./unsubscribe-token.ts";

/** unsubscribeUrl: the one-click link that turns the kind off; a service email, which cannot be turned off, has none. */
export type RenderedMemberEmail = { subject: string; text: string; html: string; unsubscribeUrl: string | null };

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
  const definition = memberEmailOf(kind);
  const body = definition.body(data, { schedule: input.schedule, publicUrl, brandName, at: input.at });
  const unsubscribeUrl = isSwitchableMemberEmail(kind)
    ? unsubscribeUrlOf(publicUrl, emailLinkSecret, { memberId: input.member.id, kind })
    : null;
  const frame = {
    brandName,
    publicUrl,
    memberName: input.member.name,
    kindLabel: definition.label,
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
 * go out — the member has turned its kind off since it was written (a service email goes whatever
 * they chose), or is no longer a member.
 */
export async function memberEmailToSend(
  deps: { db: Database; settings: ShopSettings },
  row: typeof emailOutbox.$inferSelect & { kind: MemberEmailKind },
): Promise<(Omit<RenderedMemberEmail, "unsubscribeUrl"> & { to: string; unsubscribeUrl?: string }) | null> {
  if (!row.memberId) return null;
  const [member] = await deps.db
    .select({ id: members.id, name: members.name, email: members.email })
    .from(members)
    .where(eq(members.id, row.memberId));
  if (!member || (isSwitchableMemberEmail(row.kind) && (await hasOptedOut(deps.db, member.id, row.kind)))) return null;
  const data = memberEmailOf(row.kind).data.parse(row.data);
  const schedule = await loadProgrammeSchedule(deps.db);
  const { unsubscribeUrl, ...email } = renderMemberEmail(row.kind, data, {
    member,
    settings: deps.settings,
    schedule,
    at: row.createdAt,
  });
  return { to: member.email, ...email, ...(unsubscribeUrl && { unsubscribeUrl }) };
}
