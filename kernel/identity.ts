/** The social accounts members sign in with, through the hosted user pool. */
export const PROVIDER_TYPES = ["google", "facebook"] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

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
