import { createHash } from "node:crypto";
import type { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Database } from "../../../db/client.ts";
import { signInTestAccount } from "./accounts.ts";
import { type EmailCodeStep, emailCodePage } from "./email-code-page.ts";
import { type CodeMailer, checkEmailCode, EMAIL_CODE, pendingCode, sendEmailCode } from "./email-codes.ts";
import type { EmbeddedProvider } from "./provider.ts";
import {
  expired,
  interactionPath,
  isEmailAddress,
  NOT_AN_EMAIL_ADDRESS,
  type ProviderContext,
  type ProviderEnv,
  type ProviderLimiter,
} from "./provider-http.ts";
import { completeSignIn, currentInteraction } from "./sign-in.ts";

const CODE_SHAPE = new RegExp(`^\\d{${EMAIL_CODE.digits}}$`);

/** Which limit an address's requests count against, without keeping the address itself. */
const addressBucket = (email: string) => createHash("sha256").update(email).digest("base64url");

/**
 * The email-code sign-in of the pool's own users, beside the social sign-in page: the address given,
 * a code emailed to it (through `mail`), the code checked. Every form posts to the interaction the
 * browser's own provider cookie names, so a form on another site finds no sign-in to act on.
 */
export function mountEmailCodeRoutes(
  routes: Hono<ProviderEnv>,
  deps: { idp: EmbeddedProvider; db: Database; limit: ProviderLimiter; mail: CodeMailer },
): void {
  const { idp, db, limit, mail } = deps;
  const store = { db, key: idp.codeKey };
  const page = (c: ProviderContext, state: EmailCodeStep, status: 200 | 400 | 429) =>
    c.html(emailCodePage({ actionBase: interactionPath(c.req.param("uid") ?? ""), nonce: c.var.nonce, state }), status);

  routes.post("/interaction/:uid/email-code", bodyLimit({ maxSize: 16 * 1024 }), async (c) => {
    const uid = c.req.param("uid");
    const form = await c.req.parseBody();
    const email = typeof form.email === "string" ? form.email.trim().toLowerCase() : "";
    const fromClient = await limit.count("codeClient", c.var.clientAddress);
    if (fromClient) return page(c, { step: "email", email, alert: fromClient }, 429);
    if (!(await currentInteraction(idp, c.env, uid))) return expired(c);
    if (!isEmailAddress(email)) {
      return page(c, { step: "email", email, emailError: NOT_AN_EMAIL_ADDRESS }, 400);
    }
    const toAddress = await limit.count("codeEmail", addressBucket(email));
    if (toAddress)
      return page(c, { step: "email", email, alert: `No more codes can be sent to this address now. ${toAddress}` }, 429);
    await sendEmailCode(store, mail, { interactionUid: uid, email });
    return page(c, { step: "code", email }, 200);
  });

  routes.post("/interaction/:uid/email-code/check", bodyLimit({ maxSize: 16 * 1024 }), async (c) => {
    const uid = c.req.param("uid");
    const form = await c.req.parseBody();
    const code = typeof form.code === "string" ? form.code.replace(/\s/g, "") : "";
    const refusal = await limit.count("login", c.var.clientAddress);
    if (refusal) return page(c, { step: "email", email: "", alert: refusal }, 429);
    const interaction = await currentInteraction(idp, c.env, uid);
    if (!interaction) return expired(c);
    const checked = CODE_SHAPE.test(code)
      ? await checkEmailCode(store, { interactionUid: uid, code })
      : await pendingCode(store, uid);
    if (checked.outcome === "dead") {
      const alert = "That code has expired, was used or was tried too often. Ask for a new code.";
      return page(c, { step: "email", email: "", alert }, 400);
    }
    if (checked.outcome !== "signed-in") {
      const codeError =
        checked.outcome === "wrong"
          ? `That code is not right. ${checked.triesLeft} ${checked.triesLeft === 1 ? "try" : "tries"} left.`
          : `Enter the ${EMAIL_CODE.digits} digits of the code, like 123456.`;
      return page(c, { step: "code", email: checked.email, codeError }, 400);
    }
    const account = await signInTestAccount(db, { provider: "email", email: checked.email, name: "" });
    return c.redirect(await completeSignIn(idp, c.env, interaction, account.sub), 303);
  });
}
