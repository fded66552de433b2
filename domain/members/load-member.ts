import { eq, type SQL, sql } from "drizzle-orm";
import { memberIdentities, members } from "../../db/schema/members.ts";
import { formatTimestamp } from "../../kernel/format-timestamp.ts";
import type { ProviderType } from "../../kernel/identity.ts";
import { parseJsonField } from "../../kernel/json-field.ts";
import { type SharedReads, sharedRead } from "../shared/shared-reads.ts";
import { MAX_REPORTED_RAW, type MemberDeps, reportMalformed } from "./member-deps.ts";
import { loadMemberLists, MEMBER_LISTS, type MemberListName } from "./member-lists.ts";
import type { MemberIdentityView, MemberView } from "./member-view.ts";
import { providerEmailColumn } from "./provider-email.ts";

/** A member without the nested lists: one database read. */
export type MemberSummary = Omit<MemberView, MemberListName>;

type StoredIdentity = { subject: string; provider: ProviderType; email: string; linkedAt: string };

// The member's identities come back with the member row, so one read answers "whose is this member?".
const identitiesOfMember = sql<StoredIdentity[] | string>`coalesce((
  select json_agg(json_build_object(
    'subject', ${memberIdentities.subject}, 'provider', ${memberIdentities.provider},
    'email', ${memberIdentities.email}, 'linkedAt', ${memberIdentities.linkedAt})
    order by ${memberIdentities.linkedAt}, ${memberIdentities.subject})
  from ${memberIdentities} where ${memberIdentities.memberId} = ${members.id}), '[]'::json)`;

export const byMemberId = (memberId: string): SQL => eq(members.id, memberId);

export const byProviderEmail = (provider: ProviderType, email: string): SQL =>
  eq(providerEmailColumn(provider), email.trim().toLowerCase());

function readActivities(deps: Pick<MemberDeps, "log">, memberId: string, value: unknown): string[] {
  const report = (raw: string, error: string) =>
    reportMalformed(deps, { memberId, field: "activities", raw: raw.slice(0, MAX_REPORTED_RAW), error });
  const parsed = parseJsonField<unknown>(value, [], ({ raw, error }) => report(raw, error));
  if (!Array.isArray(parsed)) {
    report(JSON.stringify(parsed), "expected a JSON array of activity ids");
    return [];
  }
  const ids = parsed.filter((item): item is string => typeof item === "string");
  if (ids.length !== parsed.length) report(JSON.stringify(parsed), "expected only strings in the activity ids");
  return ids;
}

export async function loadMemberSummary(deps: MemberDeps, where: SQL): Promise<MemberSummary | null> {
  const [row] = await deps.db.select({ member: members, identities: identitiesOfMember }).from(members).where(where).limit(1);
  if (!row) return null;
  const { member } = row;
  // Both drivers parse json; the string case only guards a driver configured not to.
  const stored = typeof row.identities === "string" ? (JSON.parse(row.identities) as StoredIdentity[]) : row.identities;
  const identities: MemberIdentityView[] = stored.map((identity) => ({ ...identity, linkedAt: new Date(identity.linkedAt) }));
  return {
    ...member,
    providers: identities.map((identity) => identity.provider),
    identities,
    activities: readActivities(deps, member.id, member.activities),
    formattedMembershipStartTimestamp: formatTimestamp(member.membershipStartAt),
    formattedGoldStartTimestamp: member.goldStartAt ? formatTimestamp(member.goldStartAt) : null,
  };
}

/** The member by id, read once for a request's pages and operations (shared-reads.ts). */
export function loadMemberById(deps: MemberDeps & { reads?: SharedReads }, memberId: string): Promise<MemberSummary | null> {
  return sharedRead(deps, `member:${memberId}`, () => loadMemberSummary(deps, byMemberId(memberId)));
}

/** The whole member: the summary and every nested list. */
export async function loadMemberView(deps: MemberDeps, where: SQL): Promise<MemberView | null> {
  const summary = await loadMemberSummary(deps, where);
  if (!summary) return null;
  return { ...summary, ...(await loadMemberLists(deps, summary.id, MEMBER_LISTS)) };
}
