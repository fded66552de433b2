import { AppError } from "../../kernel/app-error.ts";
import { type ProviderType, parseSocialProviderType, type VerifiedIdentity } from "../../kernel/identity.ts";
import { parseJsonField } from "../../kernel/json-field.ts";

type FederatedIdentity = { providerName?: unknown };

/**
 * How a user pool user signs in. Cognito names a federated user's social provider in the `identities`
 * claim (a JSON string in ID tokens and userinfo) and in a `Google_…`/`Facebook_…` username; a user of
 * the pool's own directory has neither, and signs in with a code sent to the email. A federated user
 * of another provider is none of these.
 */
function providerOf(claims: Record<string, unknown>): ProviderType | null {
  const identities = parseJsonField<FederatedIdentity[] | FederatedIdentity | null>(claims.identities, null);
  const first = Array.isArray(identities) ? identities[0] : identities;
  if (first) return parseSocialProviderType(first.providerName);
  const username = claims["cognito:username"] ?? claims.username;
  const prefix = typeof username === "string" && username.includes("_") ? username.split("_")[0] : null;
  return prefix === null ? "email" : parseSocialProviderType(prefix);
}

function claimText(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

export function identityFromClaims(claims: Record<string, unknown>): VerifiedIdentity {
  const subject = claimText(claims.sub);
  const email = claimText(claims.email).toLowerCase();
  const provider = providerOf(claims);
  if (!subject || !email) throw new AppError("BAD_USER_INPUT", "The identity provider did not share an email address.");
  if (!provider) throw new AppError("BAD_USER_INPUT", "The identity provider did not say how the user signed in.");
  const emailVerified = claims.email_verified === true || claims.email_verified === "true";
  // A user of the pool's own directory is who they are by their email alone.
  if (provider === "email" && !emailVerified) {
    throw new AppError("BAD_USER_INPUT", "The identity provider has not verified this email address.");
  }
  const picture = claimText(claims.picture);
  return {
    subject,
    provider,
    email,
    emailVerified,
    name: claimText(claims.name) || email.split("@")[0] || email,
    picture: picture || null,
  };
}
