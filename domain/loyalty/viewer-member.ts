import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { memberIdentities } from "../../db/schema/members.ts";
import type { MemberViewer } from "../members/member-access.ts";
import { AppError } from "../shared/app-error.ts";

/** The viewer's own member: the session's, or the one the bearer token's account signs in as. */
export async function viewerMemberId(db: Database, viewer: MemberViewer): Promise<string> {
  if (viewer.memberId !== null) return viewer.memberId;
  if (viewer.subject !== null) {
    const [identity] = await db
      .select({ memberId: memberIdentities.memberId })
      .from(memberIdentities)
      .where(eq(memberIdentities.subject, viewer.subject));
    if (identity) return identity.memberId;
  }
  throw new AppError("NOT_FOUND", "This account has no membership yet. Call getOrCreateMember first.");
}
