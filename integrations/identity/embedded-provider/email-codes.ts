import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Database, Tx } from "../../../db/client.ts";
import { emailSignInCodes as codes } from "../../../db/schema/identity-provider.ts";

/** A code is six digits, lives ten minutes and allows five tries; then only a new code helps. */
export const EMAIL_CODE = { digits: 6, ttlMinutes: 10, maxTries: 5 } as const;

/** The email that carries a code, written by the shop in the transaction that stores the code. */
export type CodeMail = { to: string; code: string; expiresAt: Date };
export type CodeMailer = (tx: Tx, mail: CodeMail) => Promise<void>;

export type CodeCheck =
  | { outcome: "signed-in"; email: string }
  | { outcome: "wrong"; email: string; triesLeft: number }
  /** No live code: never sent, expired, used, tried too often, or replaced by a newer one. */
  | { outcome: "dead" };

type CodeStore = { db: Database; key: string; now?: () => Date };

/** Not used, not tried too often, not expired. */
const liveAt = (now: Date) => and(isNull(codes.usedAt), lt(codes.tries, EMAIL_CODE.maxTries), gt(codes.expiresAt, now));

/** Keyed by a secret and salted by the row: the table alone does not give the code away. */
function hashOf(key: string, codeId: string, code: string): Buffer {
  return createHmac("sha256", key).update(`${codeId}:${code}`).digest();
}

/**
 * Makes a new code for this sign-in and email and has it emailed, in one transaction; any earlier
 * code of the sign-in stops working, and expired codes are dropped.
 */
export async function sendEmailCode(
  store: CodeStore,
  mail: CodeMailer,
  input: { interactionUid: string; email: string },
): Promise<{ expiresAt: Date }> {
  const now = store.now?.() ?? new Date();
  const id = randomUUID();
  const code = String(randomInt(0, 10 ** EMAIL_CODE.digits)).padStart(EMAIL_CODE.digits, "0");
  const expiresAt = new Date(now.getTime() + EMAIL_CODE.ttlMinutes * 60_000);
  await store.db.transaction(async (tx) => {
    await tx.delete(codes).where(or(eq(codes.interactionUid, input.interactionUid), lt(codes.expiresAt, now)));
    const codeHash = hashOf(store.key, id, code).toString("base64url");
    await tx.insert(codes).values({ id, interactionUid: input.interactionUid, email: input.email, codeHash, expiresAt });
    await mail(tx, { to: input.email, code, expiresAt });
  });
  return { expiresAt };
}

/**
 * Checks a code given in this sign-in. Each check counts a try before the code is compared (in
 * constant time), so concurrent guesses share the five; a right code is then taken once, so of two
 * checks racing with it only one signs in.
 */
export async function checkEmailCode(store: CodeStore, input: { interactionUid: string; code: string }): Promise<CodeCheck> {
  const now = store.now?.() ?? new Date();
  const [tried] = await store.db
    .update(codes)
    .set({ tries: sql`${codes.tries} + 1` })
    .where(and(eq(codes.interactionUid, input.interactionUid), liveAt(now)))
    .returning({ id: codes.id, email: codes.email, codeHash: codes.codeHash, tries: codes.tries });
  if (!tried) return { outcome: "dead" };
  const right = timingSafeEqual(hashOf(store.key, tried.id, input.code), Buffer.from(tried.codeHash, "base64url"));
  if (!right) {
    const triesLeft = EMAIL_CODE.maxTries - tried.tries;
    return triesLeft > 0 ? { outcome: "wrong", email: tried.email, triesLeft } : { outcome: "dead" };
  }
  const [taken] = await store.db
    .update(codes)
    .set({ usedAt: now })
    .where(and(eq(codes.id, tried.id), isNull(codes.usedAt)))
    .returning({ email: codes.email });
  return taken ? { outcome: "signed-in", email: taken.email } : { outcome: "dead" };
}

/** The live code of this sign-in, without trying it: which address it was sent to. */
export async function pendingCode(
  store: CodeStore,
  interactionUid: string,
): Promise<{ outcome: "pending"; email: string } | { outcome: "dead" }> {
  const now = store.now?.() ?? new Date();
  const [live] = await store.db
    .select({ email: codes.email })
    .from(codes)
    .where(and(eq(codes.interactionUid, interactionUid), liveAt(now)));
  return live ? { outcome: "pending", email: live.email } : { outcome: "dead" };
}
