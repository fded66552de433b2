import { randomInt, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { identityProviderRecords as records } from "../../../db/schema/identity-provider.ts";
import type { ProviderType, SocialProviderType } from "../../../kernel/identity.ts";

/**
 * One user of the test user pool: a social account of one provider and one email, or a user of the
 * pool's own directory who signs in with a code sent to the email.
 */
export type TestAccount = {
  /** Stable for this provider and email; another provider with the same email is another account. */
  sub: string;
  provider: ProviderType;
  email: string;
  /** Empty for an email-code user: the pool's own users are asked for nothing but the email. */
  name: string;
  /** The social provider's own user id (Google's and Facebook's are long numbers); the subject for an email-code user. */
  userId: string;
  createdAtMs: number;
};

const ACCOUNT_MODEL = "EmbeddedProviderAccount";
export const PROVIDER_NAMES: Record<SocialProviderType, "Google" | "Facebook"> = { google: "Google", facebook: "Facebook" };
/** The `identity_provider` of an authorization request for the pool's own users (Cognito's name): here, sign-in by email code. */
export const OWN_USERS_PROVIDER = "COGNITO";

/**
 * Finds or creates the account for this provider and email and keeps the name it signed in with.
 * Rows are keyed by provider and email; the `uid` column holds the subject for look-ups by `sub`.
 */
export async function signInTestAccount(
  db: Database,
  input: { provider: ProviderType; email: string; name: string },
): Promise<TestAccount> {
  const email = input.email.trim().toLowerCase();
  const sub = randomUUID();
  const candidate: TestAccount = {
    sub,
    provider: input.provider,
    email,
    name: input.name.trim(),
    userId: input.provider === "email" ? sub : socialUserId(input.provider),
    createdAtMs: Date.now(),
  };
  const [row] = await db
    .insert(records)
    .values({ model: ACCOUNT_MODEL, id: `${input.provider}:${email}`, uid: candidate.sub, payload: candidate })
    .onConflictDoUpdate({
      target: [records.model, records.id],
      set: { payload: sql`${records.payload} || ${JSON.stringify({ name: candidate.name })}::jsonb` },
    })
    .returning({ payload: records.payload });
  if (!row) throw new Error("The test account could not be stored.");
  return row.payload as TestAccount;
}

export async function findTestAccount(db: Database, sub: string): Promise<TestAccount | null> {
  const [row] = await db
    .select({ payload: records.payload })
    .from(records)
    .where(and(eq(records.model, ACCOUNT_MODEL), eq(records.uid, sub)));
  return row ? (row.payload as TestAccount) : null;
}

/**
 * The claims the hosted user pool (Cognito) gives a user: a federated one with `identities` as the
 * JSON string it sends; one of its own directory (email code) with its subject as username, no name.
 */
export function cognitoClaims(account: TestAccount): { sub: string; [claim: string]: unknown } {
  if (account.provider === "email") {
    return {
      sub: account.sub,
      email: account.email,
      email_verified: true,
      "cognito:username": account.sub,
      username: account.sub,
    };
  }
  const providerName = PROVIDER_NAMES[account.provider];
  const username = `${providerName}_${account.userId}`;
  return {
    sub: account.sub,
    email: account.email,
    email_verified: true,
    name: account.name,
    identities: JSON.stringify([
      {
        userId: account.userId,
        providerName,
        providerType: providerName,
        issuer: null,
        primary: "true",
        dateCreated: String(account.createdAtMs),
      },
    ]),
    "cognito:username": username,
    username,
  };
}

function socialUserId(provider: SocialProviderType): string {
  const length = provider === "google" ? 21 : 16;
  let digits = String(randomInt(1, 10));
  while (digits.length < length) digits += String(randomInt(0, 10));
  return digits;
}
