import { AppError } from "../shared/app-error.ts";
import { deleteMember } from "./delete-member.ts";
import { getOrCreateMember, type SignUpExtras } from "./get-or-create-member.ts";
import { parseProviderType, type VerifiedIdentity } from "./identity.ts";
import { linkIdentity } from "./link-identity.ts";
import { byIdentitySubject, byMemberId, byProviderEmail, loadMemberSummary, loadMemberView } from "./load-member.ts";
import { type MemberViewer, requireOwnMemberId } from "./member-access.ts";
import type { MemberDeps } from "./member-deps.ts";
import { loadMemberLists, type MemberListName } from "./member-lists.ts";
import { resetMembership } from "./reset-membership.ts";
import { unlinkLaterIdentities } from "./unlink-identities.ts";

function providerEmailFilter(email: string, providerType: string) {
  const provider = parseProviderType(providerType);
  if (!provider) throw new AppError("BAD_USER_INPUT", `Unknown provider type "${providerType}": use google or facebook.`);
  return byProviderEmail(provider, email);
}

/** The members section of the shop: what pages and the API call, bound to the database. */
export function memberUseCases(deps: MemberDeps) {
  return {
    view: (memberId: string) => loadMemberView(deps, byMemberId(memberId)),
    getOrCreate: (identity: VerifiedIdentity, extras?: SignUpExtras) => getOrCreateMember(deps, identity, extras),
    linkIdentity: (memberId: string, identity: VerifiedIdentity) => linkIdentity(deps, memberId, identity),
    /** The member whose Google or Facebook email this is ("google"/"facebook", any case). */
    findByEmailAndProvider: async (email: string, providerType: string) =>
      loadMemberView(deps, providerEmailFilter(email, providerType)),
    findByIdentity: (subject: string) => loadMemberView(deps, byIdentitySubject(subject)),
    /** The member without nested lists (one read), for callers that load only the lists they need. */
    findSummaryByEmailAndProvider: async (email: string, providerType: string) =>
      loadMemberSummary(deps, providerEmailFilter(email, providerType)),
    summary: (memberId: string) => loadMemberSummary(deps, byMemberId(memberId)),
    lists: <K extends MemberListName>(memberId: string, names: readonly K[]) => loadMemberLists(deps, memberId, names),
    requireOwn: (viewer: MemberViewer, memberId: string) => requireOwnMemberId(deps, viewer, memberId),
    /** Debug tools: the callers check debug mode and that the member is the viewer's own. */
    unlink: (memberId: string) => unlinkLaterIdentities(deps, memberId),
    delete: (memberId: string) => deleteMember(deps, memberId),
    resetMembership: (memberId: string) => resetMembership(deps, memberId),
  };
}

export type MemberUseCases = ReturnType<typeof memberUseCases>;
