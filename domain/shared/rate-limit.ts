import { and, eq, lt, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { rateLimitHits } from "../../db/schema/rate-limits.ts";
import { AppError } from "../../kernel/app-error.ts";

export type RateLimit = { name: string; limit: number; windowSeconds: number };

export const ORDER_LOOKUP_LIMIT: RateLimit = { name: "order-lookup", limit: 10, windowSeconds: 15 * 60 };
/** Starting a sign-in or a link (POST /member/login, /member/link), per client address. */
export const SIGN_IN_LIMIT: RateLimit = { name: "sign-in", limit: 20, windowSeconds: 15 * 60 };
/** Returns from the identity provider (GET /member/login?code=…), per client address. */
export const SIGN_IN_CALLBACK_LIMIT: RateLimit = { name: "sign-in-callback", limit: 20, windowSeconds: 15 * 60 };
/** Starting a checkout (a payment session, and a hold on its promotion code), per client address. */
export const CHECKOUT_START_LIMIT: RateLimit = { name: "checkout-start", limit: 20, windowSeconds: 15 * 60 };
/**
 * Newsletter sign-ups (decision 058): per client address, refused over the limit; per email address,
 * answered as any sign-up is but sending no more confirmation emails, so nobody can fill an inbox.
 */
export const NEWSLETTER_LIMITS = {
  address: { name: "newsletter-address", limit: 10, windowSeconds: 15 * 60 },
  email: { name: "newsletter-email", limit: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;
/**
 * The embedded identity provider's sign-in forms (the social one, and checking an email code), per
 * client address; its token endpoint's refused requests (a guessed code or secret): the shop's own
 * exchanges, one per sign-in, never use it up; and the sign-in codes it emails, per client address
 * and per address emailed (decision 060).
 */
export const IDP_LIMITS = {
  login: { name: "idp-login", limit: 30, windowSeconds: 15 * 60 },
  token: { name: "idp-token", limit: 60, windowSeconds: 15 * 60 },
  codeClient: { name: "idp-code-client", limit: 10, windowSeconds: 15 * 60 },
  codeEmail: { name: "idp-code-email", limit: 3, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;

/** The start of the fixed window of `windowSeconds` that holds `now` (windows align to the epoch). */
export function windowStartOf(now: Date, windowSeconds: number): Date {
  const windowMs = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

export type RateLimitHit = { allowed: boolean; retryAfterSeconds: number };

/**
 * Counts one attempt in a fixed window with a single atomic upsert and says whether it is within the
 * limit, and how long until the window ends. In a transaction, the count holds that transaction's fate.
 */
export async function countRateLimitHit(
  db: Database | Tx,
  rule: RateLimit,
  client: string,
  now = new Date(),
): Promise<RateLimitHit> {
  const windowStart = windowStartOf(now, rule.windowSeconds);
  const bucket = `${rule.name}:${client}`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ bucket, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.bucket, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });
  // Earlier windows of this bucket are finished; dropping them keeps the table to one row per active client.
  await db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, bucket), lt(rateLimitHits.windowStart, windowStart)));
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000);
  return { allowed: (row?.hits ?? 0) <= rule.limit, retryAfterSeconds };
}

function refusalMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** Counts one attempt; over the limit, the message that refuses it, else null. */
async function rateLimitRefusal(db: Database, rule: RateLimit, client: string, now = new Date()): Promise<string | null> {
  const { allowed, retryAfterSeconds } = await countRateLimitHit(db, rule, client, now);
  return allowed ? null : refusalMessage(retryAfterSeconds);
}

/** Without counting anything: the refusal message when the client has used up the window's attempts, else null. */
async function spentRefusal(db: Database, rule: RateLimit, client: string, now = new Date()): Promise<string | null> {
  const windowStart = windowStartOf(now, rule.windowSeconds);
  const [row] = await db
    .select({ hits: rateLimitHits.hits })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, `${rule.name}:${client}`), eq(rateLimitHits.windowStart, windowStart)));
  if ((row?.hits ?? 0) < rule.limit) return null;
  return refusalMessage(Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000));
}

/** Counts one attempt; over the limit it refuses with RATE_LIMITED. */
export async function consumeRateLimit(db: Database, rule: RateLimit, client: string, now = new Date()): Promise<void> {
  const refusal = await rateLimitRefusal(db, rule, client, now);
  if (refusal) throw new AppError("RATE_LIMITED", refusal);
}

/**
 * A client's requests against `limits`, by name: `count` counts one and answers the refusal message
 * over the limit (else null); `spent` only answers whether the client has used up the window, for
 * limits that count failures alone (`count` once a request has failed).
 */
export function clientLimiter<Name extends string>(db: Database, limits: Record<Name, RateLimit>) {
  return {
    count: (name: Name, client: string) => rateLimitRefusal(db, limits[name], client),
    spent: (name: Name, client: string) => spentRefusal(db, limits[name], client),
  };
}
