import type { Database } from "../../db/client.ts";
import type { IdentityClient } from "../../integrations/identity/identity-client.ts";
import { consumeRateLimit, SIGN_IN_CALLBACK_LIMIT, SIGN_IN_LIMIT } from "../shared/rate-limit.ts";
import { finishLink, finishLogin } from "./finish-sign-in.ts";
import type { MemberUseCases } from "./member-use-cases.ts";
import type { SessionLog } from "./session-refresh.ts";
import { createSessions } from "./sessions.ts";
import { consumeSignInAttempt, startSignIn } from "./sign-in-attempts.ts";

/** Sessions and the sign-in flow, bound to the database, the identity provider and the members section. */
export function signInUseCases(deps: { db: Database; identity: IdentityClient; log: SessionLog; members: MemberUseCases }) {
  const { db, identity } = deps;
  const sessions = createSessions({ db, identity, log: deps.log });
  const finishDeps = { ...deps, sessions };
  return {
    sessions,
    signIn: {
      /** Starting a sign-in or a link, counted per client address. */
      limitStart: (clientAddress: string) => consumeRateLimit(db, SIGN_IN_LIMIT, clientAddress),
      /** Returns from the provider, counted per client address. */
      limitCallback: (clientAddress: string) => consumeRateLimit(db, SIGN_IN_CALLBACK_LIMIT, clientAddress),
      start: (input: Parameters<typeof startSignIn>[1]) => startSignIn({ db, identity }, input),
      consume: (input: Parameters<typeof consumeSignInAttempt>[1]) => consumeSignInAttempt(db, input),
      finishLogin: (input: Parameters<typeof finishLogin>[1]) => finishLogin(finishDeps, input),
      finishLink: (input: Parameters<typeof finishLink>[1]) => finishLink(finishDeps, input),
    },
  };
}
