import { members } from "../../db/schema/members.ts";
import type { ProviderType } from "../../kernel/identity.ts";

const NAMES: Record<ProviderType, string> = { google: "Google", facebook: "Facebook", email: "one-time code" };

/** The member field that holds the email of the member's account with each provider. */
const EMAIL_FIELDS = { google: "googleEmail", facebook: "facebookEmail", email: "codeEmail" } as const satisfies Record<
  ProviderType,
  keyof typeof members.$inferSelect
>;

/** "Google" / "Facebook" / "one-time code", for messages. */
export function providerName(provider: ProviderType): string {
  return NAMES[provider];
}

/** The member column that holds the email of the member's account with this provider. */
export function providerEmailColumn(provider: ProviderType) {
  return members[EMAIL_FIELDS[provider]];
}

export function providerEmailField<Provider extends ProviderType>(provider: Provider): (typeof EMAIL_FIELDS)[Provider] {
  return EMAIL_FIELDS[provider];
}
