import { AppError } from "../../kernel/app-error.ts";
import { byMemberId, loadMemberSummary, loadMemberView, type MemberSummary } from "../members/load-member.ts";
import type { MemberDeps } from "../members/member-deps.ts";
import type { MemberView } from "../members/member-view.ts";

const gone = () => new AppError("NOT_FOUND", "This member does not exist.");

/** The member as a change left it (without the nested lists), for the operation's reply. */
export async function memberSummaryAfter(deps: MemberDeps, memberId: string): Promise<MemberSummary> {
  const member = await loadMemberSummary(deps, byMemberId(memberId));
  if (!member) throw gone();
  return member;
}

/** The whole member as a change left it, nested lists included. */
export async function memberViewAfter(deps: MemberDeps, memberId: string): Promise<MemberView> {
  const member = await loadMemberView(deps, byMemberId(memberId));
  if (!member) throw gone();
  return member;
}
