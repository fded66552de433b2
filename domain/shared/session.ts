import type { ProviderType } from "../../kernel/identity.ts";

/** A live sign-in, as the adapters see it: never the provider's tokens, which stay in the database. */
export type ActiveSession = {
  id: string;
  memberId: string;
  subject: string;
  provider: ProviderType;
  /** Sent back in `X-CSRF-Token` by scripts that call /graphql with the session cookie. */
  csrfToken: string;
  /** The session's absolute end: its cookies live no longer. */
  expiresAt: Date;
};
