import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { type SignInAttempt, SignInReturnInput, takeSignInAttempt } from "./sign-in-attempts.ts";

/**
 * The provider came back with an error (the shopper cancelled, or it refused): the attempt is used
 * up. Returns what it was for, or null when this browser had no such attempt.
 */
export const cancelSignIn = defineOperation(
  { access: anyone, input: SignInReturnInput },
  async function cancelSignIn(ctx, input): Promise<SignInAttempt["purpose"] | null> {
    return (await takeSignInAttempt(ctx, input))?.purpose ?? null;
  },
);
