/**
 * How members sign in, all through the hosted user pool: a Google or Facebook account, or a code sent
 * to an email address (a user of the pool's own directory).
 */
export const SOCIAL_PROVIDER_TYPES = ["google", "facebook"] as const;
export type SocialProviderType = (typeof SOCIAL_PROVIDER_TYPES)[number];
export const PROVIDER_TYPES = [...SOCIAL_PROVIDER_TYPES, "email"] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

/** Who signed in, as the identity provider vouched for it (a validated ID token, access token or userinfo reply). */
export type VerifiedIdentity = {
  /** The provider's `sub`: one user of the user pool, i.e. one social account or one email-code address. */
  subject: string;
  provider: ProviderType;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string | null;
};

/** "Google", "google", "FACEBOOK", "email"... -> the provider type, or null when it is none of them. */
export function parseProviderType(value: unknown): ProviderType | null {
  if (typeof value !== "string") return null;
  const lower = value.trim().toLowerCase();
  return PROVIDER_TYPES.find((provider) => provider === lower) ?? null;
}

/** "Google", "facebook"... -> the social provider, or null for anything else (an email code included). */
export function parseSocialProviderType(value: unknown): SocialProviderType | null {
  const provider = parseProviderType(value);
  return provider === "email" ? null : provider;
}
