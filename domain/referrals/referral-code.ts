import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { members } from "../../db/schema/members.ts";
import { referralCodes } from "../../db/schema/referrals.ts";

/** Letters and digits nobody misreads (no 0/O, 1/I/L): a code read aloud or typed still works. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const LENGTH = 8;
/** What a referral code looks like; anything else is refused before the database is asked. */
export const REFERRAL_CODE = /^[2-9A-HJKMNP-Z]{8}$/;

/** The path of a member's link: following it remembers the code (decision 045). */
export const referralPath = (code: string) => `/r/${code}`;

export function normalizeReferralCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return REFERRAL_CODE.test(code) ? code : null;
}

function newCode(): string {
  return Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}

/**
 * The member's code, made the first time it is asked for. Two requests at once make one: the member's
 * row is the primary key, so the second insert does nothing and both read the one stored. A new code
 * that happens to be taken is drawn again.
 */
export async function ensureReferralCode(db: Database | Tx, memberId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.memberId, memberId));
    if (existing) return existing.code;
    const inserted = await db
      .insert(referralCodes)
      .values({ memberId, code: newCode() })
      .onConflictDoNothing()
      .returning({ code: referralCodes.code });
    if (inserted[0]) return inserted[0].code;
  }
  throw new Error(`No free referral code for member ${memberId} after 5 attempts`);
}

/** The member whose code this is, if any. */
export async function referrerOf(db: Database | Tx, code: string): Promise<{ memberId: string; email: string } | null> {
  const [row] = await db
    .select({ memberId: members.id, email: members.email })
    .from(referralCodes)
    .innerJoin(members, eq(members.id, referralCodes.memberId))
    .where(eq(referralCodes.code, code));
  return row ?? null;
}
