import { randomUUID } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { memberIdentities, members } from "../../../db/schema/members.ts";
import { AppError } from "../../../kernel/app-error.ts";
import type { VerifiedIdentity } from "../../../kernel/identity.ts";
import { recordShopEvent } from "../../events/record-shop-event.ts";
import { recordPointEntry } from "../../loyalty/points/point-ledger.ts";
import { builtInAction } from "../../loyalty/programme/earn-actions.ts";
import { programmeInForce } from "../../loyalty/programme/programme.ts";
import { isUniqueViolation } from "../../shared/db-errors.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { byMemberId, loadMemberView } from "../load-member.ts";
import { type MemberWriteDeps, nowOf } from "../member-deps.ts";
import type { MemberView } from "../member-view.ts";
import { providerEmailColumn, providerEmailField, providerName } from "../provider-email.ts";

const MAX_ATTEMPTS = 4;
const MAX_NAME_LENGTH = 100;
const MAX_PICTURE_LENGTH = 2048;

/**
 * What the client may add to a first sign-in: how the member is shown, never who they are. An email,
 * when given, must be the verified identity's own.
 */
export type SignUpExtras = { name?: string; picture?: string | null; email?: string };

/** Another sign-in of the same identity committed first: start again and find what it made. */
class LostRace extends Error {
  constructor() {
    super("Concurrent sign-ins of one account kept colliding.");
  }
}

function cleanName(name: string | undefined): string | null {
  const trimmed = name?.trim().slice(0, MAX_NAME_LENGTH);
  return trimmed || null;
}

function cleanPicture(picture: string | null | undefined): string | null | undefined {
  if (picture === undefined || picture === null) return picture;
  return /^https?:\/\//i.test(picture) && picture.length <= MAX_PICTURE_LENGTH ? picture : undefined;
}

async function memberIdOfSubject(db: MemberWriteDeps["db"] | Tx, subject: string): Promise<string | null> {
  const [row] = await db
    .select({ memberId: memberIdentities.memberId })
    .from(memberIdentities)
    .where(eq(memberIdentities.subject, subject));
  return row?.memberId ?? null;
}

/**
 * Attaches the identity to the member who already has this provider's email. A new subject with the
 * same verified email is the same social account re-registered with the user pool, so it replaces the
 * member's old identity of that provider.
 */
async function attachByEmail(tx: Tx, memberId: string, identity: VerifiedIdentity, at: Date): Promise<string> {
  if (!identity.emailVerified) {
    throw new AppError(
      "CONFLICT",
      `A member already uses this ${providerName(identity.provider)} email address, and the provider has not verified it.`,
    );
  }
  const replaced = await tx
    .delete(memberIdentities)
    .where(
      and(
        eq(memberIdentities.memberId, memberId),
        eq(memberIdentities.provider, identity.provider),
        ne(memberIdentities.subject, identity.subject),
      ),
    )
    .returning({ linkedAt: memberIdentities.linkedAt });
  // The new subject takes the old one's place, so the account the member signed up with stays first.
  const linkedAt = replaced[0]?.linkedAt ?? at;
  await tx
    .insert(memberIdentities)
    .values({ subject: identity.subject, memberId, provider: identity.provider, email: identity.email, linkedAt })
    .onConflictDoNothing({ target: memberIdentities.subject });
  // Someone attached this subject elsewhere meanwhile: undo ours and find theirs.
  if ((await memberIdOfSubject(tx, identity.subject)) !== memberId) throw new LostRace();
  return memberId;
}

async function createMember(tx: Tx, jobs: JobQueue, identity: VerifiedIdentity, extras: SignUpExtras, at: Date): Promise<string> {
  const id = randomUUID();
  const picture = cleanPicture(extras.picture);
  const created = await tx
    .insert(members)
    .values({
      id,
      email: identity.email,
      [providerEmailField(identity.provider)]: identity.email,
      name: cleanName(extras.name) ?? identity.name,
      picture: picture === undefined ? identity.picture : picture,
      membershipStatus: "green",
      membershipStartAt: at,
      activities: ["sign-up"],
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: members.id });
  // Another first sign-in with this provider email committed while we looked: take theirs.
  if (created.length === 0) throw new LostRace();
  const attached = await tx
    .insert(memberIdentities)
    .values({ subject: identity.subject, memberId: id, provider: identity.provider, email: identity.email, linkedAt: at })
    .onConflictDoNothing()
    .returning({ subject: memberIdentities.subject });
  if (attached.length === 0) throw new LostRace();
  await recordShopEvent(tx, jobs, {
    type: "member.created",
    key: `member.created:${id}`,
    data: { memberId: id, membershipStatus: "green", createdAt: at.toISOString() },
    at,
  });
  const { version } = await programmeInForce(tx, at);
  await recordPointEntry(tx, jobs, {
    memberId: id,
    email: identity.email,
    kind: "sign-up",
    transactionType: "credit",
    points: builtInAction(version.rules, "signUp").points,
    idempotencyKey: `sign-up:${id}`,
    programmeVersion: version.number,
    at,
  });
  return id;
}

async function resolveMemberId(deps: MemberWriteDeps, identity: VerifiedIdentity, extras: SignUpExtras) {
  const known = await memberIdOfSubject(deps.db, identity.subject);
  if (known) return { memberId: known, created: false };
  return deps.db.transaction(async (tx) => {
    const at = nowOf(deps);
    const [byEmail] = await tx
      .select({ id: members.id })
      .from(members)
      .where(eq(providerEmailColumn(identity.provider), identity.email));
    if (byEmail) return { memberId: await attachByEmail(tx, byEmail.id, identity, at), created: false };
    return { memberId: await createMember(tx, deps.jobs, identity, extras, at), created: true };
  });
}

/**
 * The member an identity signs in as, in a fixed order: by the identity's subject; else by the
 * provider's email (attaching the identity); else a new green member with its identity and the
 * sign-up points, all in one transaction. Concurrent first sign-ins of one identity make one member:
 * the unique indexes refuse the losers, which start again and find the winner's member.
 */
export async function memberOfIdentity(
  deps: MemberWriteDeps,
  identity: VerifiedIdentity,
  extras: SignUpExtras = {},
): Promise<{ member: MemberView; created: boolean }> {
  if (extras.email !== undefined && extras.email.trim().toLowerCase() !== identity.email) {
    throw new AppError("FORBIDDEN", "The email address sent is not the one your sign-in was verified for.");
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const { memberId, created } = await resolveMemberId(deps, identity, extras);
      const member = await loadMemberView(deps, byMemberId(memberId));
      if (!member) throw new LostRace();
      return { member, created };
    } catch (error) {
      const lostRace = error instanceof LostRace || isUniqueViolation(error);
      if (!lostRace || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
