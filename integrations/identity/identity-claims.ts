import { AppError } from "../../kernel/app-error.ts";
import { type ProviderType, parseProviderType, type VerifiedIdentity } from "../../kernel/identity.ts";
import { parseJsonField } from "../../kernel/json-field.ts";

type FederatedIdentity = { providerName?: unknown };

/**
 * Which social provider a user pool user came from. Cognito says it in the `identities` claim (a JSON
 * string in ID tokens and userinfo) and in a `Google_…`/`Facebook_…` username.
 */
function providerOf(claims: Record<string, unknown>): ProviderType | null {
  const identities = parseJsonField<FederatedIdentity[] | FederatedIdentity>(claims.identities, []);
  const first = Array.isArray(identities) ? identities[0] : identities;
  const named = parseProviderType(first?.providerName);
  if (named) return named;
  const username = claims["cognito:username"] ?? claims.username;
  return typeof username === "string" ? parseProviderType(username.split("_")[0]) : null;
}

function claimText(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

export function identityFromClaims(claims: Record<string, unknown>): VerifiedIdentity {
  const subject = claimText(claims.sub);
  const email = claimText(claims.email).toLowerCase();
  const provider = providerOf(claims);
  if (!subject || !email) throw new AppError("BAD_USER_INPUT", "The identity provider did not share an email address.");
  if (!provider) throw new AppError("BAD_USER_INPUT", "The identity provider did not say which social account signed in.");
  const picture = claimText(claims.picture);
  return {
    subject,
    provider,
    email,
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    name: claimText(claims.name) || email.split("@")[0] || email,
    picture: picture || null,
  };
}
