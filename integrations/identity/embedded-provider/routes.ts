import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Database } from "../../../db/client.ts";
import { parseSocialProviderType } from "../../../kernel/identity.ts";
import { OWN_USERS_PROVIDER, signInTestAccount } from "./accounts.ts";
import { emailCodePage } from "./email-code-page.ts";
import { mountEmailCodeRoutes } from "./email-code-routes.ts";
import type { CodeMailer } from "./email-codes.ts";
import { type SignInErrors, type SignInValues, signInPage } from "./interaction-page.ts";
import { EMBEDDED_PROVIDER_PATH, type EmbeddedProvider } from "./provider.ts";
import {
  expired,
  interactionPath,
  isEmailAddress,
  NOT_AN_EMAIL_ADDRESS,
  type ProviderContext,
  type ProviderEnv,
  type ProviderLimiter,
} from "./provider-http.ts";
import { cancelSignIn, completeSignIn, currentInteraction } from "./sign-in.ts";

// What the provider writes straight to the Node response (JSON, redirects, its error page) gets these.
const PROVIDER_RESPONSE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

/**
 * The provider's routes, mounted at /dev-idp before anything reads request bodies. The sign-in pages
 * are served here (through the site's security headers); everything else is oidc-provider itself.
 */
export function embeddedProviderRoutes(
  idp: EmbeddedProvider,
  db: Database,
  limit: ProviderLimiter,
  mail: CodeMailer,
): Hono<ProviderEnv> {
  const routes = new Hono<ProviderEnv>();
  const handle = idp.provider.callback();

  async function handOver(c: ProviderContext): Promise<Response> {
    const { incoming, outgoing } = c.env;
    // oidc-provider routes on the path below its mount and finds the mount from originalUrl (as under Express).
    const url = incoming.url ?? "/";
    Object.assign(incoming, { originalUrl: url, url: url.slice(EMBEDDED_PROVIDER_PATH.length) || "/" });
    outgoing.setHeader("X-Request-Id", c.var.requestId);
    for (const [name, value] of Object.entries(PROVIDER_RESPONSE_HEADERS)) outgoing.setHeader(name, value);
    await handle(incoming, outgoing);
    // The status lets the access log tell what the provider answered; the header tells Hono it is sent.
    const status = outgoing.statusCode >= 200 && outgoing.statusCode <= 599 ? outgoing.statusCode : 200;
    const sent = new Response(null, { status, headers: RESPONSE_ALREADY_SENT.headers });
    // @hono/node-server heeds the mark only on a standard Response; reading the body turns its light
    // one into that, which otherwise it would write out a second time.
    void sent.body;
    return sent;
  }

  routes.use("/interaction/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  routes.get("/interaction/:uid", async (c) => {
    const uid = c.req.param("uid");
    const interaction = await currentInteraction(idp, c.env, uid);
    if (!interaction) return expired(c);
    if (interaction.params.identity_provider === OWN_USERS_PROVIDER) {
      return c.html(emailCodePage({ actionBase: interactionPath(uid), nonce: c.var.nonce, state: { step: "email", email: "" } }));
    }
    const requested = parseSocialProviderType(interaction.params.identity_provider) ?? "google";
    const values = { provider: requested, email: "", name: "" };
    return c.html(signInPage({ actionBase: interactionPath(uid), nonce: c.var.nonce, values }));
  });

  routes.post("/interaction/:uid/login", bodyLimit({ maxSize: 16 * 1024 }), async (c) => {
    const uid = c.req.param("uid");
    const form = await c.req.parseBody();
    const values: SignInValues = {
      provider: parseSocialProviderType(form.provider) ?? "google",
      email: typeof form.email === "string" ? form.email.trim() : "",
      name: typeof form.name === "string" ? form.name.trim() : "",
    };
    const page = (errors: SignInErrors, status: 400 | 429) =>
      c.html(signInPage({ actionBase: interactionPath(uid), nonce: c.var.nonce, values, errors }), status);
    const refusal = await limit.count("login", c.var.clientAddress);
    if (refusal) return page({ form: refusal }, 429);
    const interaction = await currentInteraction(idp, c.env, uid);
    if (!interaction) return expired(c);
    const errors = validate(values, form.provider);
    if (errors) return page(errors, 400);
    const account = await signInTestAccount(db, values);
    return c.redirect(await completeSignIn(idp, c.env, interaction, account.sub), 303);
  });

  mountEmailCodeRoutes(routes, { idp, db, limit, mail });

  routes.post("/interaction/:uid/abort", async (c) => {
    if (!(await currentInteraction(idp, c.env, c.req.param("uid")))) return expired(c);
    return c.redirect(await cancelSignIn(idp, c.env), 303);
  });

  // Only refused exchanges count: guessing codes or secrets is slowed, while the shop's own sign-ins,
  // which all reach this endpoint from the shop's one address, never use the allowance up.
  routes.post("/token", async (c) => {
    const refusal = await limit.spent("token", c.var.clientAddress);
    if (refusal) {
      c.header("Cache-Control", "no-store");
      return c.json({ error: "slow_down", error_description: refusal }, 429);
    }
    const answered = await handOver(c);
    if (answered.status >= 400) await limit.count("token", c.var.clientAddress);
    return answered;
  });

  routes.all("*", handOver);
  return routes;
}

function validate(values: SignInValues, providerField: unknown): SignInErrors | null {
  const errors: SignInErrors = {};
  if (!parseSocialProviderType(providerField)) errors.form = "Choose Google or Facebook.";
  if (!isEmailAddress(values.email)) {
    errors.email = NOT_AN_EMAIL_ADDRESS;
  }
  if (values.name.length < 1 || values.name.length > 80) errors.name = "Enter a name of 1 to 80 characters.";
  return Object.keys(errors).length > 0 ? errors : null;
}
