import { and, eq, ne } from "drizzle-orm";
import { memberIdentities, members } from "../../db/schema/members.ts";
import { AppError } from "../../kernel/app-error.ts";
import type { VerifiedIdentity } from "../../kernel/identity.ts";
import { byMemberId, loadMemberView } from "../members/load-member.ts";
import { type MemberDeps, nowOf } from "../members/member-deps.ts";
import type { MemberView } from "../members/member-view.ts";
import { isUniqueViolation } from "../shared/db-errors.ts";
import { providerEmailColumn, providerEmailField, providerName } from "./provider-email.ts";

/**
 * Links a second social account to a member. The provider must have verified its email; a member has
 * at most one account per provider; an account (or its provider email) belongs to one member only.
 * Linking an account the member already has changes nothing.
 */
export async function linkIdentity(deps: MemberDeps, memberId: string, identity: VerifiedIdentity): Promise<MemberView> {
  const name = providerName(identity.provider);
  if (!identity.emailVerified) {
    throw new AppError("BAD_USER_INPUT", `Your ${name} email address is not verified, so it cannot be linked.`);
  }
  const belongsToAnother = () => new AppError("CONFLICT", `This ${name} account already belongs to another member.`);
  try {
    await deps.db.transaction(async (tx) => {
      // Locking the member serialises two links of the same member.
      const [member] = await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for("update");
      if (!member) throw new AppError("NOT_FOUND", "This member does not exist.");
      const [owner] = await tx
        .select({ memberId: memberIdentities.memberId })
        .from(memberIdentities)
        .where(eq(memberIdentities.subject, identity.subject));
      if (owner) {
        if (owner.memberId === memberId) return;
        throw belongsToAnother();
      }
      const [sameProvider] = await tx
        .select({ subject: memberIdentities.subject })
        .from(memberIdentities)
        .where(and(eq(memberIdentities.memberId, memberId), eq(memberIdentities.provider, identity.provider)));
      if (sameProvider) throw new AppError("CONFLICT", `You already have a ${name} account linked.`);
      const [emailOwner] = await tx
        .select({ id: members.id })
        .from(members)
        .where(and(eq(providerEmailColumn(identity.provider), identity.email), ne(members.id, memberId)));
      if (emailOwner) throw belongsToAnother();

      const at = nowOf(deps);
      await tx.insert(memberIdentities).values({
        subject: identity.subject,
        memberId,
        provider: identity.provider,
        email: identity.email,
        linkedAt: at,
      });
      await tx
        .update(members)
        .set({ [providerEmailField(identity.provider)]: identity.email, updatedAt: at })
        .where(eq(members.id, memberId));
    });
  } catch (error) {
    // Another member took this account or email between our checks and the insert.
    if (isUniqueViolation(error)) throw belongsToAnother();
    throw error;
  }
  const view = await loadMemberView(deps, byMemberId(memberId));
  if (!view) throw new AppError("NOT_FOUND", "This member does not exist.");
  return view;
}
