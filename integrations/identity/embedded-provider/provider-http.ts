import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import { messagePage } from "./interaction-page.ts";
import { EMBEDDED_PROVIDER_PATH } from "./provider.ts";

export type ProviderEnv = {
  Bindings: HttpBindings;
  Variables: { nonce: string; clientAddress: string; requestId: string };
};
export type ProviderContext = Context<ProviderEnv>;

/** The limits the provider's pages count against: per client address, and per address codes are emailed to. */
export type ProviderLimit = "login" | "token" | "codeClient" | "codeEmail";

/**
 * A client's (or an email address's) requests: `count` counts one and answers the message that
 * refuses it over that limit, else null; `spent` only answers whether the limit is used up.
 */
export type ProviderLimiter = {
  count: (limit: ProviderLimit, client: string) => Promise<string | null>;
  spent: (limit: ProviderLimit, client: string) => Promise<string | null>;
};

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const NOT_AN_EMAIL_ADDRESS = "Enter an email address like name@example.com.";

/** An address a sign-in form accepts: name@domain.tld, at most 254 characters. */
export function isEmailAddress(value: string): boolean {
  return EMAIL_SHAPE.test(value) && value.length <= 254;
}

export function interactionPath(uid: string): string {
  return `${EMBEDDED_PROVIDER_PATH}/interaction/${encodeURIComponent(uid)}`;
}

export function expired(c: ProviderContext): Response {
  return c.html(
    messagePage({
      nonce: c.var.nonce,
      heading: "This sign-in has expired",
      message: "Go back to the shop and choose Sign in again.",
    }),
    400,
  );
}
