import { z } from "zod";
import { requireOwnMember, signedIn } from "../shared/access.ts";
import { text } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { byProviderEmail, loadMemberSummary, type MemberSummary } from "./load-member.ts";
import { providerTypeInput } from "./provider-type.ts";

export const GetMemberByEmailInput = z.object({ email: text(320), providerType: providerTypeInput() });

/**
 * getMemberByEmailAndProviderTypeFast: the member whose Google or Facebook email this is, without the
 * nested lists (one read; the GraphQL fields load the lists a query asks for). Null when there is
 * none; FORBIDDEN when it is another member.
 */
export const getMemberByEmailAndProviderTypeFast = defineOperation(
  { access: signedIn, input: GetMemberByEmailInput },
  async function getMemberByEmailAndProviderTypeFast(ctx, input): Promise<MemberSummary | null> {
    const member = await loadMemberSummary(ctx, byProviderEmail(input.providerType, input.email));
    if (member) await requireOwnMember(ctx, member.id);
    return member;
  },
);
