import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../db/client.ts";
import { memberIdentities, members } from "../../../db/schema/members.ts";
import { customers, orders } from "../../../db/schema/orders.ts";
import { containing } from "../../../kernel/like-pattern.ts";
import { defineOperation } from "../../shared/operation.ts";
import { memberScreens } from "./member-admin-access.ts";

export const MEMBER_SEARCH_PAGE_SIZE = 20;

export const FindMembersInput = z.object({
  query: z.string().trim().max(200, { error: "must be at most 200 characters" }).default(""),
  page: z.number().int({ error: "must be a whole number" }).min(1).max(10_000).default(1),
});

export type MemberSearchRow = {
  id: string;
  email: string;
  name: string;
  membershipStatus: "green" | "gold";
  points: number;
  totalSpentCents: number;
  createdAt: Date;
};

/** Matches any of the member's emails, their name, or a name, email or mobile on their orders and customer records. */
function matching(query: string): SQL | undefined {
  const pattern = containing(query);
  return or(
    ilike(members.email, pattern),
    ilike(members.googleEmail, pattern),
    ilike(members.facebookEmail, pattern),
    ilike(members.codeEmail, pattern),
    ilike(members.name, pattern),
    sql`exists (select 1 from ${memberIdentities} where ${and(eq(memberIdentities.memberId, members.id), ilike(memberIdentities.email, pattern))})`,
    sql`exists (select 1 from ${customers} where ${and(
      eq(customers.memberId, members.id),
      or(ilike(customers.email, pattern), ilike(customers.name, pattern), ilike(customers.mobile, pattern)),
    )})`,
    sql`exists (select 1 from ${orders} where ${and(
      eq(orders.memberId, members.id),
      or(ilike(orders.email, pattern), ilike(orders.mobile, pattern)),
    )})`,
  );
}

/** The most rows one CSV export carries. */
export const MEMBER_EXPORT_LIMIT = 10_000;

function selectMembers(db: Database, query: string) {
  return db
    .select({
      id: members.id,
      email: members.email,
      name: members.name,
      membershipStatus: members.membershipStatus,
      points: members.points,
      totalSpentCents: members.totalSpentCents,
      createdAt: members.createdAt,
    })
    .from(members)
    .where(query === "" ? undefined : matching(query))
    .orderBy(desc(members.createdAt), desc(members.id));
}

const findMembersDeclared = { access: memberScreens, input: FindMembersInput };

/** A page of members, newest first, optionally narrowed by a search. */
export const findMembers = defineOperation(findMembersDeclared, async function findMembers(ctx, input) {
  const rows: MemberSearchRow[] = await selectMembers(ctx.db, input.query)
    .limit(MEMBER_SEARCH_PAGE_SIZE + 1)
    .offset((input.page - 1) * MEMBER_SEARCH_PAGE_SIZE);
  return { members: rows.slice(0, MEMBER_SEARCH_PAGE_SIZE), hasMore: rows.length > MEMBER_SEARCH_PAGE_SIZE, page: input.page };
});

const exportMembersDeclared = { access: memberScreens, input: FindMembersInput.pick({ query: true }) };

/** Every member the search finds (up to MEMBER_EXPORT_LIMIT), for a CSV export. */
export const exportMembers = defineOperation(exportMembersDeclared, async function exportMembers(ctx, input) {
  const rows: MemberSearchRow[] = await selectMembers(ctx.db, input.query).limit(MEMBER_EXPORT_LIMIT);
  return rows;
});
