import { z } from "zod";
import { parseProviderType, parseSocialProviderType } from "../../kernel/identity.ts";
import { text } from "../shared/input.ts";

/** An input field naming a way to sign in: "google" / "Facebook" / "email" (any case) -> the provider type. */
export const providerTypeInput = () =>
  text(40).transform((value, issues) => {
    const provider = parseProviderType(value);
    if (provider) return provider;
    issues.addIssue({ code: "custom", message: "must be google, facebook or email" });
    return z.NEVER;
  });

/** An input field naming a social provider alone: "google" / "Facebook" (any case). */
export const socialProviderTypeInput = () =>
  text(40).transform((value, issues) => {
    const provider = parseSocialProviderType(value);
    if (provider) return provider;
    issues.addIssue({ code: "custom", message: "must be google or facebook" });
    return z.NEVER;
  });
