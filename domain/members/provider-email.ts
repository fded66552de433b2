import { members } from "../../db/schema/members.ts";
import type { ProviderType } from "../../kernel/identity.ts";

const NAMES: Record<ProviderType, string> = { google: "Google", facebook: "Facebook" };

/** "Google" / "Facebook", for messages. */
export function providerName(provider: ProviderType): string {
  return NAMES[provider];
}

/** The member column that holds the email of the member's account with this provider. */
export function providerEmailColumn(provider: ProviderType) {
  return provider === "google" ? members.googleEmail : members.facebookEmail;
}

export function providerEmailField(provider: ProviderType): "googleEmail" | "facebookEmail" {
  return provider === "google" ? "googleEmail" : "facebookEmail";
}
