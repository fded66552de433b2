import { z } from "zod";
import { PROVIDER_TYPES, type ProviderType } from "../../db/schema/members.ts";
import { AppError } from "../../kernel/app-error.ts";
import { text } from "../shared/input.ts";
import { parseJsonField } from "../shared/json-field.ts";

export type { ProviderType };

/** Who signed in, as the identity provider vouched for it (a validated ID token, access token or userinfo reply). */
export type VerifiedIdentity = {
  /** The provider's `sub`: one user of the user pool, i.e. one social account. */
  subject: string;
  provider: ProviderType;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string | null;
};

/** "Google", "google", "FACEBOOK"... -> the provider type, or null when it is neither. */
export function parseProviderType(value: unknown): ProviderType | null {
  if (typeof value !== "string") return null;
  const lower = value.trim().toLowerCase();
  return PROVIDER_TYPES.find((provider) => provider === lower) ?? null;
}

/** An input field naming a provider: "google" / "Facebook" (any case) -> the provider type. */
export const providerTypeInput = () =>
  text(40).transform((value, issues) => {
    const provider = parseProviderType(value);
    if (provider) return provider;
    issues.addIssue({ code: "custom", message: "must be google or facebook" });
    return z.NEVER;
  });

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
