import { z } from "zod";
import { parseProviderType } from "../../kernel/identity.ts";
import { text } from "../shared/input.ts";

/** An input field naming a provider: "google" / "Facebook" (any case) -> the provider type. */
export const providerTypeInput = () =>
  text(40).transform((value, issues) => {
    const provider = parseProviderType(value);
    if (provider) return provider;
    issues.addIssue({ code: "custom", message: "must be google or facebook" });
    return z.NEVER;
  });
